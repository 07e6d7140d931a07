import { describe, expect, it } from 'vitest';
import { COMPANY_TYPES, type CompanyType } from './enums';
import {
  type Actor,
  anonymousFolderRights,
  canViewFolderFile,
  type FolderAccessFacts,
  type FolderRights,
  type FolderTypes,
  type FolderVisibility,
  folderRights,
  isVisibilityActive,
} from './permissions';

/**
 * SPEC §6 project files: the rights table over company type x admin flag x own or other
 * company x customer may read x types map x external sharing x visibility entry (none, last day past, today,
 * future, absent; read/write; e-mail in another case). The expectation is written out here from the SPEC's
 * sentences, independently of the implementation's order of checks.
 */

const TODAY = '2026-11-23';
const SUPPLIER_ID = 'lieferant';
const CUSTOMER_ID = 'kunde';
const EMAIL = 'Monteur@Example.test';

const BOOLS = [false, true] as const;
const RIGHT_COMBOS = BOOLS.flatMap((read) => BOOLS.map((write) => ({ read, write })));

type Membership = 'own' | 'other';
type Visibility =
  | { kind: 'none' }
  | { kind: 'entry'; endDate: string | null; read: boolean; write: boolean; otherCase: boolean };

const VISIBILITIES: Visibility[] = [
  { kind: 'none' },
  ...[null, '2026-11-22', TODAY, '2026-12-31'].flatMap((endDate) =>
    RIGHT_COMBOS.flatMap(({ read, write }) =>
      BOOLS.map((otherCase) => ({ kind: 'entry' as const, endDate, read, write, otherCase })),
    ),
  ),
];

function actorOf(type: CompanyType, admin: boolean, membership: Membership): Actor & { email: string } {
  const own = type === 'SUPPLIER' ? SUPPLIER_ID : type === 'CUSTOMER' ? CUSTOMER_ID : 'irgendwer';
  return {
    userId: 'u1',
    companyId: membership === 'own' ? own : 'fremd',
    companyType: type,
    admin,
    pendingRegistration: false,
    passwordChangeNeeded: false,
    email: EMAIL,
  };
}

function entriesOf(visibility: Visibility): FolderVisibility[] {
  if (visibility.kind === 'none') return [];
  const email = visibility.otherCase ? EMAIL.toUpperCase() : EMAIL.toLowerCase();
  return [
    { email: 'jemand.anders@example.test', endDate: null, read: true, write: true },
    { email, endDate: visibility.endDate, read: visibility.read, write: visibility.write },
  ];
}

/** The SPEC's sentences, one by one. */
function expected(
  type: CompanyType,
  admin: boolean,
  membership: Membership,
  customerMayRead: boolean,
  types: FolderTypes,
  allowExternal: boolean,
  visibility: Visibility,
): FolderRights {
  // "A member": a user of the offer's supplier, or of its customer once a version was released.
  const member = membership === 'own' && (type === 'SUPPLIER' || (type === 'CUSTOMER' && customerMayRead));
  // "admin always read/write" (and manages: settings only for admins on a non-external folder)
  if (member && admin) return { read: true, write: true, manage: true };
  // "non-admin CUSTOMER/SUPPLIER users follow the offer's types map for their company type"; a write right
  // includes reading what one writes into.
  if (member) {
    const typed = types[type as 'CUSTOMER' | 'SUPPLIER'];
    if (typed.read || typed.write) return { read: true, write: typed.write, manage: false };
  }
  // "otherwise the user's visibility entry (matched by e-mail, case-insensitive) gives read/write", "only if
  // sharing is on and e-mail is in visibilities with end date absent or future" (the last day itself counts).
  if (
    allowExternal &&
    visibility.kind === 'entry' &&
    (visibility.endDate === null || visibility.endDate >= TODAY) &&
    (visibility.read || visibility.write)
  ) {
    return { read: true, write: visibility.write, manage: false };
  }
  return { read: false, write: false, manage: false };
}

describe('folderRights: the whole table', () => {
  let rows = 0;
  for (const type of COMPANY_TYPES) {
    for (const admin of BOOLS) {
      for (const membership of ['own', 'other'] as const) {
        for (const customerMayRead of BOOLS) {
          for (const customer of RIGHT_COMBOS) {
            for (const supplier of RIGHT_COMBOS) {
              for (const allowExternal of BOOLS) {
                const types = { CUSTOMER: customer, SUPPLIER: supplier };
                const folder: FolderAccessFacts = {
                  supplierId: SUPPLIER_ID,
                  customerId: CUSTOMER_ID,
                  customerMayRead,
                  types,
                  allowExternal,
                  allowAnonymous: true,
                  anonymousWrite: true,
                };
                const label = `${type} admin=${admin} ${membership} customerMayRead=${customerMayRead} types=${JSON.stringify(types)} external=${allowExternal}`;
                it(label, () => {
                  for (const visibility of VISIBILITIES) {
                    const actual = folderRights(
                      actorOf(type, admin, membership),
                      folder,
                      entriesOf(visibility),
                      TODAY,
                    );
                    const wanted = expected(
                      type,
                      admin,
                      membership,
                      customerMayRead,
                      types,
                      allowExternal,
                      visibility,
                    );
                    expect(actual, JSON.stringify(visibility)).toEqual(wanted);
                    expect(canViewFolderFile(actual)).toBe(wanted.read);
                    rows += 1;
                  }
                });
              }
            }
          }
        }
      }
    }
  }
  it('covered every combination', () => {
    // 4 types x 2 admin x 2 membership x 2 customerMayRead x 4 x 4 types maps x 2 sharing x 33 visibilities
    expect(rows).toBe(4 * 2 * 2 * 2 * 16 * 2 * VISIBILITIES.length);
  });
});

describe('anonymousFolderRights and isVisibilityActive', () => {
  const base: FolderAccessFacts = {
    supplierId: SUPPLIER_ID,
    customerId: CUSTOMER_ID,
    customerMayRead: true,
    types: { CUSTOMER: { read: true, write: true }, SUPPLIER: { read: true, write: true } },
    allowExternal: true,
    allowAnonymous: false,
    anonymousWrite: false,
  };
  it.each([
    [false, false, { read: false, write: false, manage: false }],
    [false, true, { read: false, write: false, manage: false }],
    [true, false, { read: true, write: false, manage: false }],
    [true, true, { read: true, write: true, manage: false }],
  ])('anonymous access %s, anonymous upload %s', (allowAnonymous, anonymousWrite, rights) => {
    expect(anonymousFolderRights({ ...base, allowAnonymous, anonymousWrite })).toEqual(rights);
  });

  it.each([
    [null, true],
    ['2026-11-22', false],
    [TODAY, true],
    ['2027-01-01', true],
  ])('last day %s on %s', (endDate, active) => {
    expect(isVisibilityActive({ endDate }, TODAY)).toBe(active);
  });
});
