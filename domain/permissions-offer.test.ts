import { describe, expect, it } from 'vitest';
import { COMPANY_TYPES, OFFER_STATES } from './enums';
import { type Actor, canCreateOffer, canReadOffer, canUploadOfferFile } from './permissions';

const SUPPLIER = 'lieferant';
const CUSTOMER = 'kunde';
const flags = [true, false];

function actor(companyType: Actor['companyType'], companyId: string, admin = false): Actor {
  return {
    userId: 'nutzer',
    companyId,
    companyType,
    admin,
    pendingRegistration: false,
    passwordChangeNeeded: false,
  };
}

/** Every company type with the offer's supplier, its customer and a third company as the actor's company. */
function everyActor(): { who: string; actor: Actor }[] {
  return COMPANY_TYPES.flatMap((type) =>
    [SUPPLIER, CUSTOMER, 'dritte'].flatMap((companyId) =>
      flags.map((admin) => ({ who: `${type}/${companyId}/${admin}`, actor: actor(type, companyId, admin) })),
    ),
  );
}

describe('offer policy (SPEC §6), every company type x company x admin flag x record', () => {
  it('the supplier reads every version, the customer only released ones, nobody else anything', () => {
    for (const { who, actor: a } of everyActor()) {
      for (const released of flags) {
        const expected =
          (a.companyType === 'SUPPLIER' && a.companyId === SUPPLIER) ||
          (a.companyType === 'CUSTOMER' && a.companyId === CUSTOMER && released);
        expect(canReadOffer(a, { supplierId: SUPPLIER, customerId: CUSTOMER, released }), who).toBe(expected);
      }
    }
  });

  it('only suppliers create offers', () => {
    for (const { who, actor: a } of everyActor())
      expect(canCreateOffer(a), who).toBe(a.companyType === 'SUPPLIER');
  });

  it('files: the supplier on its draft and on an accepted order, the customer on a released open offer, never on a fixed version', () => {
    for (const { who, actor: a } of everyActor()) {
      for (const state of OFFER_STATES) {
        for (const released of flags) {
          for (const invalidated of flags) {
            for (const archived of flags) {
              const offer = {
                supplierId: SUPPLIER,
                customerId: CUSTOMER,
                released,
                state,
                invalidated,
                archived,
              };
              const open = !invalidated && !archived;
              const supplier = a.companyType === 'SUPPLIER' && a.companyId === SUPPLIER;
              const customer = a.companyType === 'CUSTOMER' && a.companyId === CUSTOMER;
              const expected =
                open &&
                ((supplier && (!released || state === 'ACCEPTED')) ||
                  (customer && released && state === 'OPEN'));
              expect(
                canUploadOfferFile(a, offer),
                `${who} ${state} ${released} ${invalidated} ${archived}`,
              ).toBe(expected);
            }
          }
        }
      }
    }
  });
});
