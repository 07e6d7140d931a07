import type { CompanyType } from '../enums';
import { isGated, isReachable, type Viewer } from './reachability';

/** SPEC §2 "Menu entries by type". Every entry is also filtered through the reachability table. */
export type MenuEntryId =
  | 'company'
  | 'article'
  | 'fieldValues'
  | 'importConfig'
  | 'bomImport'
  | 'user'
  | 'profile'
  | 'enquiry'
  | 'offer'
  | 'order'
  | 'job'
  | 'messages'
  | 'businessData';

export interface MenuEntry {
  id: MenuEntryId;
  path: string;
}

const ENTRIES: Record<MenuEntryId, string> = {
  company: '/company',
  article: '/article',
  fieldValues: '/fieldvalues',
  importConfig: '/import/config',
  bomImport: '/import/stueckliste',
  user: '/user',
  profile: '/profile',
  enquiry: '/enquiry',
  offer: '/offer',
  order: '/order',
  job: '/job',
  messages: '/messages',
  businessData: '/business-data',
};

const BY_TYPE: Record<CompanyType, MenuEntryId[]> = {
  ADMIN: ['company', 'article', 'fieldValues', 'importConfig', 'bomImport', 'user', 'profile'],
  // The user entry appears for company admins only, through the reachability filter below. SPEC §2
  // gives customers and suppliers /business-data too: their project folders ("Projektordner").
  CUSTOMER: ['enquiry', 'offer', 'order', 'job', 'businessData', 'user', 'profile', 'messages'],
  SUPPLIER: ['enquiry', 'offer', 'order', 'job', 'businessData', 'user', 'profile', 'messages'],
  EXTERNAL: ['businessData'],
};

export function menuFor(viewer: Viewer): MenuEntry[] {
  if (!viewer.signedIn) return [];
  return BY_TYPE[viewer.companyType]
    .map((id) => ({ id, path: ENTRIES[id] }))
    .filter((entry) => isReachable(entry.path, viewer));
}

/**
 * SPEC §6: the notification icon, its unread count and the 15-minute polling are for customers and
 * suppliers, and not while a gate confines the user to the profile (the page would be unreachable).
 */
export function hasNotifications(viewer: Viewer): boolean {
  if (!viewer.signedIn || isGated(viewer)) return false;
  return viewer.companyType === 'CUSTOMER' || viewer.companyType === 'SUPPLIER';
}
