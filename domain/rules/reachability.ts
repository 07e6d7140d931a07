import type { CompanyType } from '../enums';

/**
 * SPEC §2 "Reachability by company type" as ONE table. The web router renders whatever `resolveRoute`
 * answers; the unit tests walk every viewer x gate x path through the same function.
 */

export type Viewer =
  | { signedIn: false }
  | {
      signedIn: true;
      companyType: CompanyType;
      admin: boolean;
      pendingRegistration: boolean;
      passwordChangeNeeded: boolean;
    };

export const SIGNED_OUT: Viewer = { signedIn: false };

type SignedInViewer = Extract<Viewer, { signedIn: true }>;

export type PageId =
  | 'login'
  | 'forget'
  | 'reset'
  | 'action'
  | 'register'
  | 'businessDataPublic'
  | 'businessDataInvite'
  | 'imprint'
  | 'privacy'
  | 'tom'
  | 'avb'
  | 'subcontractors'
  | 'profile'
  | 'pricingSettings'
  | 'messages'
  | 'companyList'
  | 'companyForm'
  | 'articleList'
  | 'articleForm'
  | 'fieldValues'
  | 'manufacturerList'
  | 'manufacturerForm'
  | 'discountList'
  | 'discountForm'
  | 'unitList'
  | 'unitForm'
  | 'wholesalerList'
  | 'wholesalerForm'
  | 'eclassList'
  | 'eclassForm'
  | 'importConfigList'
  | 'importConfigForm'
  | 'bomImport'
  | 'userList'
  | 'userForm'
  | 'enquiryList'
  | 'enquiryForm'
  | 'offerList'
  | 'offerNew'
  | 'offerDetail'
  | 'orderList'
  | 'orderDetail'
  | 'jobList'
  | 'jobDetail'
  | 'businessDataList'
  | 'businessDataDetail';

/** Who may see a page once signed in (the gates of SPEC §2 are applied before this). */
type SignedInRule = (viewer: SignedInViewer) => boolean;

const isAdminCompany: SignedInRule = (v) => v.companyType === 'ADMIN';
const isOperatorAdmin: SignedInRule = (v) => v.companyType === 'ADMIN' && v.admin;
const isTrading: SignedInRule = (v) => v.companyType === 'CUSTOMER' || v.companyType === 'SUPPLIER';
const isTradingOrExternal: SignedInRule = (v) => isTrading(v) || v.companyType === 'EXTERNAL';
const everyone: SignedInRule = () => true;

interface RouteEntry {
  path: string;
  page: PageId;
  /** Reachable while signed out. */
  signedOut: boolean;
  /** Who may reach it signed in; `false` means nobody. */
  signedIn: SignedInRule | false;
  /** Reachable while a gate (pending registration, forced password change) is active. */
  gated?: boolean;
}

const LEGAL_PAGES: PageId[] = ['imprint', 'privacy', 'tom', 'avb', 'subcontractors'];

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: '/login', page: 'login', signedOut: true, signedIn: false },
  { path: '/login/:id', page: 'login', signedOut: true, signedIn: false },
  { path: '/forget', page: 'forget', signedOut: true, signedIn: false },
  { path: '/reset', page: 'reset', signedOut: true, signedIn: false },
  { path: '/action', page: 'action', signedOut: true, signedIn: false },
  { path: '/register', page: 'register', signedOut: true, signedIn: false },
  { path: '/business-data/invite/:id', page: 'businessDataInvite', signedOut: true, signedIn: false },
  ...LEGAL_PAGES.map((page) => ({
    path: `/${page}`,
    page,
    signedOut: true,
    signedIn: everyone,
    gated: true,
  })),
  { path: '/profile', page: 'profile', signedOut: false, signedIn: everyone, gated: true },
  // The supplier's pricing settings (its purchase conditions): its administrators only.
  {
    path: '/profile/pricing',
    page: 'pricingSettings',
    signedOut: false,
    signedIn: (v) => v.companyType === 'SUPPLIER' && v.admin,
  },
  {
    path: '/messages',
    page: 'messages',
    signedOut: false,
    signedIn: (v) => isAdminCompany(v) || isTrading(v),
  },
  { path: '/company', page: 'companyList', signedOut: false, signedIn: isOperatorAdmin },
  { path: '/company/:id', page: 'companyForm', signedOut: false, signedIn: isOperatorAdmin },
  { path: '/article', page: 'articleList', signedOut: false, signedIn: isAdminCompany },
  { path: '/article/:id', page: 'articleForm', signedOut: false, signedIn: isAdminCompany },
  { path: '/fieldvalues', page: 'fieldValues', signedOut: false, signedIn: isOperatorAdmin },
  {
    path: '/fieldvalues/manufacturer',
    page: 'manufacturerList',
    signedOut: false,
    signedIn: isOperatorAdmin,
  },
  {
    path: '/fieldvalues/manufacturer/:id',
    page: 'manufacturerForm',
    signedOut: false,
    signedIn: isOperatorAdmin,
  },
  { path: '/fieldvalues/discount', page: 'discountList', signedOut: false, signedIn: isOperatorAdmin },
  { path: '/fieldvalues/discount/:id', page: 'discountForm', signedOut: false, signedIn: isOperatorAdmin },
  { path: '/fieldvalues/unit', page: 'unitList', signedOut: false, signedIn: isOperatorAdmin },
  { path: '/fieldvalues/unit/:id', page: 'unitForm', signedOut: false, signedIn: isOperatorAdmin },
  { path: '/fieldvalues/wholesaler', page: 'wholesalerList', signedOut: false, signedIn: isOperatorAdmin },
  {
    path: '/fieldvalues/wholesaler/:id',
    page: 'wholesalerForm',
    signedOut: false,
    signedIn: isOperatorAdmin,
  },
  { path: '/fieldvalues/eclass', page: 'eclassList', signedOut: false, signedIn: isOperatorAdmin },
  { path: '/fieldvalues/eclass/:id', page: 'eclassForm', signedOut: false, signedIn: isOperatorAdmin },
  { path: '/import/config', page: 'importConfigList', signedOut: false, signedIn: isOperatorAdmin },
  { path: '/import/config/:id', page: 'importConfigForm', signedOut: false, signedIn: isOperatorAdmin },
  { path: '/import/stueckliste', page: 'bomImport', signedOut: false, signedIn: isAdminCompany },
  // SPEC §2: the operator's non-admin staff see the user list (read-only), trading admins their own users.
  {
    path: '/user',
    page: 'userList',
    signedOut: false,
    signedIn: (v) => isAdminCompany(v) || (isTrading(v) && v.admin),
  },
  {
    path: '/user/:id',
    page: 'userForm',
    signedOut: false,
    signedIn: (v) => v.admin && (isAdminCompany(v) || isTrading(v)),
  },
  { path: '/enquiry', page: 'enquiryList', signedOut: false, signedIn: isTrading },
  { path: '/enquiry/:id', page: 'enquiryForm', signedOut: false, signedIn: isTrading },
  { path: '/offer', page: 'offerList', signedOut: false, signedIn: isTrading },
  { path: '/offer/new/:enquiryId', page: 'offerNew', signedOut: false, signedIn: isTrading },
  { path: '/offer/:id', page: 'offerDetail', signedOut: false, signedIn: isTrading },
  { path: '/order', page: 'orderList', signedOut: false, signedIn: isTrading },
  { path: '/order/:id', page: 'orderDetail', signedOut: false, signedIn: isTrading },
  { path: '/job', page: 'jobList', signedOut: false, signedIn: isTrading },
  { path: '/job/:id', page: 'jobDetail', signedOut: false, signedIn: isTrading },
  { path: '/business-data', page: 'businessDataList', signedOut: false, signedIn: isTradingOrExternal },
  { path: '/business-data/:id', page: 'businessDataPublic', signedOut: true, signedIn: false },
  { path: '/business-data/:id', page: 'businessDataDetail', signedOut: false, signedIn: isTradingOrExternal },
];

export type RouteResolution =
  | { kind: 'page'; page: PageId; params: Record<string, string> }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' };

/** SPEC §2: where `/` leads per company type. */
export function homePath(viewer: SignedInViewer): string {
  if (isGated(viewer)) return '/profile';
  switch (viewer.companyType) {
    case 'ADMIN':
      return '/user';
    case 'CUSTOMER':
    case 'SUPPLIER':
      return '/enquiry';
    case 'EXTERNAL':
      return '/business-data';
  }
}

/** SPEC §2/§4: a pending registration or a forced password change confines the user to the profile. */
export function isGated(viewer: SignedInViewer): boolean {
  return viewer.pendingRegistration || viewer.passwordChangeNeeded;
}

export function normalizePath(path: string): string {
  const withoutQuery = path.split(/[?#]/)[0] ?? '/';
  const trimmed = withoutQuery.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const patternParts = pattern.split('/').filter(Boolean);
  const pathParts = path.split('/').filter(Boolean);
  if (patternParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < patternParts.length; i++) {
    const expected = patternParts[i]!;
    const actual = pathParts[i]!;
    if (expected.startsWith(':')) params[expected.slice(1)] = decodeURIComponent(actual);
    else if (expected !== actual) return null;
  }
  return params;
}

function redirectForSignedIn(path: string, viewer: SignedInViewer): string | null {
  if (path === '/') return homePath(viewer);
  if (path === '/register' || path === '/login') return path === '/register' ? '/profile' : homePath(viewer);
  const loginWithId = matchPattern('/login/:id', path);
  if (loginWithId) return `/business-data/${encodeURIComponent(loginWithId.id!)}`;
  const invite = matchPattern('/business-data/invite/:id', path);
  if (invite) return `/business-data/${encodeURIComponent(invite.id!)}`;
  return null;
}

export function resolveRoute(rawPath: string, viewer: Viewer): RouteResolution {
  const path = normalizePath(rawPath);

  if (!viewer.signedIn) {
    for (const entry of ROUTE_TABLE) {
      if (!entry.signedOut) continue;
      const params = matchPattern(entry.path, path);
      if (params) return { kind: 'page', page: entry.page, params };
    }
    // SPEC §2: every other path shows the login/landing screen.
    return { kind: 'page', page: 'login', params: {} };
  }

  const redirect = redirectForSignedIn(path, viewer);
  if (redirect) return { kind: 'redirect', to: redirect };

  const gated = isGated(viewer);
  for (const entry of ROUTE_TABLE) {
    if (!entry.signedIn) continue;
    const params = matchPattern(entry.path, path);
    if (!params) continue;
    if (gated && !entry.gated) return { kind: 'redirect', to: '/profile' };
    if (entry.signedIn(viewer)) return { kind: 'page', page: entry.page, params };
  }
  return gated ? { kind: 'redirect', to: '/profile' } : { kind: 'notFound' };
}

/** Paths (with `:params`) that a viewer may open; used for menus and tests. */
export function isReachable(path: string, viewer: Viewer): boolean {
  return resolveRoute(path, viewer).kind === 'page';
}
