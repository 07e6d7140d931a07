import { describe, expect, it } from 'vitest';
import { COMPANY_TYPES } from './enums';
import {
  type Actor,
  canCreateEnquiry,
  canManageEnquiry,
  canReadEnquiry,
  canWriteEnquiry,
} from './permissions';

const OWN = 'firma-eigen';
const OTHER = 'firma-fremd';

function actor(companyType: Actor['companyType'], admin = false): Actor {
  return {
    userId: 'nutzer',
    companyId: OWN,
    companyType,
    admin,
    pendingRegistration: false,
    passwordChangeNeeded: false,
  };
}

const flags = [true, false];

describe('enquiry policy (SPEC §6), every company type x admin flag x record', () => {
  it('customers create; nobody else', () => {
    for (const type of COMPANY_TYPES) {
      for (const admin of flags) expect(canCreateEnquiry(actor(type, admin)), type).toBe(type === 'CUSTOMER');
    }
  });

  it('read: customers their own company (drafts too); suppliers released, not archived, addressed', () => {
    for (const type of COMPANY_TYPES) {
      for (const admin of flags) {
        for (const customerId of [OWN, OTHER]) {
          for (const released of flags) {
            for (const archived of flags) {
              for (const addressedToActor of flags) {
                const expected =
                  type === 'CUSTOMER'
                    ? customerId === OWN
                    : type === 'SUPPLIER'
                      ? released && !archived && addressedToActor
                      : false;
                const facts = { customerId, released, archived, addressedToActor };
                expect(canReadEnquiry(actor(type, admin), facts), `${type} ${JSON.stringify(facts)}`).toBe(
                  expected,
                );
              }
            }
          }
        }
      }
    }
  });

  it('write: only the own company drafts; manage: the own company enquiries in every state', () => {
    for (const type of COMPANY_TYPES) {
      for (const admin of flags) {
        for (const customerId of [OWN, OTHER]) {
          for (const released of flags) {
            const own = type === 'CUSTOMER' && customerId === OWN;
            expect(canWriteEnquiry(actor(type, admin), { customerId, released })).toBe(own && !released);
            expect(canManageEnquiry(actor(type, admin), { customerId })).toBe(own);
          }
        }
      }
    }
  });
});
