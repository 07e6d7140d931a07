import { describe, expect, it } from 'vitest';
import { COMPANY_TYPES } from './enums';
import type { Actor } from './permissions';
import { canStartConversation, chatCopyTarget, isChatParty } from './permissions-chat';

const CUSTOMER = 'c0000000-0000-4000-8000-000000000001';
const SUPPLIER = 's0000000-0000-4000-8000-000000000002';
const OTHER = 'o0000000-0000-4000-8000-000000000003';

function actor(companyType: Actor['companyType'], companyId: string, admin = false): Actor {
  return { userId: 'u', companyId, companyType, admin } as Actor;
}

describe('chat rights (SPEC §4, §6)', () => {
  const enquiryChat = { customerId: CUSTOMER, supplierId: SUPPLIER, offerId: null };
  const offerChat = { ...enquiryChat, offerId: 'f0000000-0000-4000-8000-000000000004' };

  it('only the two companies take part, whatever the admin flag', () => {
    for (const type of COMPANY_TYPES) {
      for (const companyId of [CUSTOMER, SUPPLIER, OTHER]) {
        for (const admin of [false, true]) {
          const expected =
            (type === 'CUSTOMER' && companyId === CUSTOMER) ||
            (type === 'SUPPLIER' && companyId === SUPPLIER);
          expect(isChatParty(actor(type, companyId, admin), enquiryChat)).toBe(expected);
          expect(isChatParty(actor(type, companyId, admin), offerChat)).toBe(expected);
        }
      }
    }
  });

  it('suppliers start conversations, nobody else', () => {
    expect(COMPANY_TYPES.filter((type) => canStartConversation(actor(type, OTHER)))).toEqual(['SUPPLIER']);
  });

  it('copy: suppliers in offer chats, customers in chats without an offer, others never', () => {
    expect(chatCopyTarget(actor('SUPPLIER', SUPPLIER), offerChat)).toBe('OFFER');
    expect(chatCopyTarget(actor('SUPPLIER', SUPPLIER), enquiryChat)).toBeNull();
    expect(chatCopyTarget(actor('CUSTOMER', CUSTOMER), enquiryChat)).toBe('ENQUIRY');
    expect(chatCopyTarget(actor('CUSTOMER', CUSTOMER), offerChat)).toBeNull();
    expect(chatCopyTarget(actor('SUPPLIER', OTHER), offerChat)).toBeNull();
    expect(chatCopyTarget(actor('CUSTOMER', OTHER), enquiryChat)).toBeNull();
    expect(chatCopyTarget(actor('ADMIN', CUSTOMER, true), enquiryChat)).toBeNull();
    expect(chatCopyTarget(actor('EXTERNAL', SUPPLIER), offerChat)).toBeNull();
  });
});
