import { describe, expect, it } from 'vitest';
import { COMPANY_TYPES, type CompanyType } from '../enums';
import { hasNotifications, menuFor } from './menu';
import { type PageId, resolveRoute, type Viewer } from './reachability';

/** One concrete path per route of SPEC §2, with the page it shows. */
const PATHS: Record<string, PageId> = {
  '/login': 'login',
  '/login/abc': 'login',
  '/forget': 'forget',
  '/reset': 'reset',
  '/action': 'action',
  '/register': 'register',
  '/business-data/invite/abc': 'businessDataInvite',
  '/imprint': 'imprint',
  '/privacy': 'privacy',
  '/tom': 'tom',
  '/avb': 'avb',
  '/subcontractors': 'subcontractors',
  '/profile': 'profile',
  '/messages': 'messages',
  '/company': 'companyList',
  '/company/new': 'companyForm',
  '/company/c1': 'companyForm',
  '/article': 'articleList',
  '/article/a1': 'articleForm',
  '/fieldvalues': 'fieldValues',
  '/fieldvalues/manufacturer': 'manufacturerList',
  '/fieldvalues/manufacturer/new': 'manufacturerForm',
  '/fieldvalues/discount': 'discountList',
  '/fieldvalues/discount/d1': 'discountForm',
  '/fieldvalues/unit': 'unitList',
  '/fieldvalues/unit/u1': 'unitForm',
  '/fieldvalues/wholesaler': 'wholesalerList',
  '/fieldvalues/wholesaler/w1': 'wholesalerForm',
  '/fieldvalues/eclass': 'eclassList',
  '/fieldvalues/eclass/new': 'eclassForm',
  '/import/config': 'importConfigList',
  '/import/config/i1': 'importConfigForm',
  '/import/stueckliste': 'bomImport',
  '/user': 'userList',
  '/profile/pricing': 'pricingSettings',
  '/user/new': 'userForm',
  '/user/u1': 'userForm',
  '/enquiry': 'enquiryList',
  '/enquiry/new': 'enquiryForm',
  '/enquiry/e1': 'enquiryForm',
  '/offer': 'offerList',
  '/offer/new/e1': 'offerNew',
  '/offer/o1': 'offerDetail',
  '/order': 'orderList',
  '/order/o1': 'orderDetail',
  '/job': 'jobList',
  '/job/o1': 'jobDetail',
  '/business-data': 'businessDataList',
  '/business-data/o1': 'businessDataDetail',
};

const LEGAL = ['/imprint', '/privacy', '/tom', '/avb', '/subcontractors'];
const SIGNED_IN_ALL = ['/profile', ...LEGAL];
const OPERATOR_ADMIN = [
  ...SIGNED_IN_ALL,
  '/messages',
  '/company',
  '/company/new',
  '/company/c1',
  '/article',
  '/article/a1',
  '/fieldvalues',
  '/fieldvalues/manufacturer',
  '/fieldvalues/manufacturer/new',
  '/fieldvalues/discount',
  '/fieldvalues/discount/d1',
  '/fieldvalues/unit',
  '/fieldvalues/unit/u1',
  '/fieldvalues/wholesaler',
  '/fieldvalues/wholesaler/w1',
  '/fieldvalues/eclass',
  '/fieldvalues/eclass/new',
  '/import/config',
  '/import/config/i1',
  '/import/stueckliste',
  '/user',
  '/user/new',
  '/user/u1',
];
const OPERATOR_STAFF = [
  ...SIGNED_IN_ALL,
  '/messages',
  '/article',
  '/article/a1',
  '/import/stueckliste',
  '/user',
];
const TRADING = [
  ...SIGNED_IN_ALL,
  '/messages',
  '/enquiry',
  '/enquiry/new',
  '/enquiry/e1',
  '/offer',
  '/offer/new/e1',
  '/offer/o1',
  '/order',
  '/order/o1',
  '/job',
  '/job/o1',
  '/business-data',
  '/business-data/o1',
];
const TRADING_ADMIN = [...TRADING, '/user', '/user/new', '/user/u1'];
const EXTERNAL = [...SIGNED_IN_ALL, '/business-data', '/business-data/o1'];

/** SPEC §2, written out per company type and admin flag. */
const EXPECTED: Record<CompanyType, { admin: string[]; staff: string[]; home: string }> = {
  ADMIN: { admin: OPERATOR_ADMIN, staff: OPERATOR_STAFF, home: '/user' },
  CUSTOMER: { admin: TRADING_ADMIN, staff: TRADING, home: '/enquiry' },
  SUPPLIER: { admin: [...TRADING_ADMIN, '/profile/pricing'], staff: TRADING, home: '/enquiry' },
  EXTERNAL: { admin: EXTERNAL, staff: EXTERNAL, home: '/business-data' },
};

const SIGNED_OUT_PAGES = [
  '/login',
  '/login/abc',
  '/forget',
  '/reset',
  '/action',
  '/register',
  '/business-data/invite/abc',
  ...LEGAL,
];

const GATES = [
  { name: 'no gate', pendingRegistration: false, passwordChangeNeeded: false },
  { name: 'pending registration', pendingRegistration: true, passwordChangeNeeded: false },
  { name: 'password change needed', pendingRegistration: false, passwordChangeNeeded: true },
  { name: 'both gates', pendingRegistration: true, passwordChangeNeeded: true },
];

describe('signed out', () => {
  const viewer: Viewer = { signedIn: false };
  for (const [path, page] of Object.entries(PATHS)) {
    it(`${path}`, () => {
      const result = resolveRoute(path, viewer);
      if (SIGNED_OUT_PAGES.includes(path)) expect(result).toMatchObject({ kind: 'page', page });
      else if (path === '/business-data/o1')
        expect(result).toEqual({ kind: 'page', page: 'businessDataPublic', params: { id: 'o1' } });
      else expect(result).toEqual({ kind: 'page', page: 'login', params: {} });
    });
  }
  it('shows the login screen for / and unknown paths', () => {
    expect(resolveRoute('/', viewer)).toEqual({ kind: 'page', page: 'login', params: {} });
    expect(resolveRoute('/gibt/es/nicht', viewer)).toEqual({ kind: 'page', page: 'login', params: {} });
  });
  it('passes the id of /login/{id} on', () => {
    expect(resolveRoute('/login/xyz', viewer)).toEqual({
      kind: 'page',
      page: 'login',
      params: { id: 'xyz' },
    });
  });
});

for (const companyType of COMPANY_TYPES) {
  for (const admin of [true, false]) {
    for (const gate of GATES) {
      const viewer: Viewer = { signedIn: true, companyType, admin, ...gate };
      const gated = gate.pendingRegistration || gate.passwordChangeNeeded;
      const reachable = gated ? SIGNED_IN_ALL : EXPECTED[companyType][admin ? 'admin' : 'staff'];
      describe(`${companyType} ${admin ? 'admin' : 'non-admin'}, ${gate.name}`, () => {
        for (const [path, page] of Object.entries(PATHS)) {
          it(`${path}`, () => {
            const result = resolveRoute(path, viewer);
            if (reachable.includes(path)) expect(result).toMatchObject({ kind: 'page', page });
            else if (path === '/register') expect(result).toEqual({ kind: 'redirect', to: '/profile' });
            else if (path === '/login')
              expect(result).toEqual({
                kind: 'redirect',
                to: gated ? '/profile' : EXPECTED[companyType].home,
              });
            else if (path === '/login/abc' || path === '/business-data/invite/abc')
              expect(result).toEqual({ kind: 'redirect', to: '/business-data/abc' });
            else if (gated) expect(result).toEqual({ kind: 'redirect', to: '/profile' });
            else expect(result).toEqual({ kind: 'notFound' });
          });
        }
        it('/ redirects home', () => {
          expect(resolveRoute('/', viewer)).toEqual({
            kind: 'redirect',
            to: gated ? '/profile' : EXPECTED[companyType].home,
          });
        });
        it('an unknown path', () => {
          expect(resolveRoute('/gibt/es/nicht', viewer)).toEqual(
            gated ? { kind: 'redirect', to: '/profile' } : { kind: 'notFound' },
          );
        });
      });
    }
  }
}

describe('paths are normalised', () => {
  const viewer: Viewer = {
    signedIn: true,
    companyType: 'CUSTOMER',
    admin: false,
    pendingRegistration: false,
    passwordChangeNeeded: false,
  };
  it('ignores trailing slashes, query and hash', () => {
    expect(resolveRoute('/enquiry/', viewer)).toMatchObject({ kind: 'page', page: 'enquiryList' });
    expect(resolveRoute('/offer?x=1#top', viewer)).toMatchObject({ kind: 'page', page: 'offerList' });
  });
  it('decodes parameters', () => {
    expect(resolveRoute('/enquiry/a%20b', viewer)).toEqual({
      kind: 'page',
      page: 'enquiryForm',
      params: { id: 'a b' },
    });
  });
});

describe('menu (SPEC §2 menu entries)', () => {
  const base = { pendingRegistration: false, passwordChangeNeeded: false } as const;
  const ids = (viewer: Viewer) => menuFor(viewer).map((entry) => entry.id);
  it('operator admin', () => {
    expect(ids({ signedIn: true, companyType: 'ADMIN', admin: true, ...base })).toEqual([
      'company',
      'article',
      'fieldValues',
      'importConfig',
      'bomImport',
      'user',
      'profile',
    ]);
  });
  it('operator staff', () => {
    expect(ids({ signedIn: true, companyType: 'ADMIN', admin: false, ...base })).toEqual([
      'article',
      'bomImport',
      'user',
      'profile',
    ]);
  });
  it('customer and supplier, with and without admin flag', () => {
    for (const companyType of ['CUSTOMER', 'SUPPLIER'] as const) {
      expect(ids({ signedIn: true, companyType, admin: false, ...base })).toEqual([
        'enquiry',
        'offer',
        'order',
        'job',
        'businessData',
        'profile',
        'messages',
      ]);
      expect(ids({ signedIn: true, companyType, admin: true, ...base })).toEqual([
        'enquiry',
        'offer',
        'order',
        'job',
        'businessData',
        'user',
        'profile',
        'messages',
      ]);
    }
  });
  it('external', () => {
    expect(ids({ signedIn: true, companyType: 'EXTERNAL', admin: false, ...base })).toEqual(['businessData']);
  });
  it('a gated user sees only the profile', () => {
    expect(
      ids({
        signedIn: true,
        companyType: 'CUSTOMER',
        admin: true,
        pendingRegistration: true,
        passwordChangeNeeded: false,
      }),
    ).toEqual(['profile']);
  });
  it('signed out has no menu', () => {
    expect(menuFor({ signedIn: false })).toEqual([]);
  });
  it('notifications only for customers and suppliers', () => {
    for (const companyType of COMPANY_TYPES) {
      expect(hasNotifications({ signedIn: true, companyType, admin: true, ...base })).toBe(
        companyType === 'CUSTOMER' || companyType === 'SUPPLIER',
      );
    }
    expect(hasNotifications({ signedIn: false })).toBe(false);
    const gate = { admin: true, pendingRegistration: true, passwordChangeNeeded: false } as const;
    expect(hasNotifications({ signedIn: true, companyType: 'CUSTOMER', ...gate })).toBe(false);
    expect(
      hasNotifications({
        signedIn: true,
        companyType: 'SUPPLIER',
        ...gate,
        pendingRegistration: false,
        passwordChangeNeeded: true,
      }),
    ).toBe(false);
  });
});
