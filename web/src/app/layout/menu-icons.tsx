import type { MenuEntryId } from '@portal/domain/rules/menu';
import {
  IconBell,
  IconBriefcase,
  IconBuildingFactory2,
  IconFileImport,
  IconFolders,
  IconMessageQuestion,
  IconPackage,
  IconReceipt,
  IconSettings,
  IconShoppingCart,
  IconTags,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';

export const MENU_ICONS: Record<MenuEntryId, typeof IconUser> = {
  company: IconBuildingFactory2,
  article: IconPackage,
  fieldValues: IconTags,
  importConfig: IconSettings,
  bomImport: IconFileImport,
  user: IconUsers,
  profile: IconUser,
  enquiry: IconMessageQuestion,
  offer: IconReceipt,
  order: IconShoppingCart,
  job: IconBriefcase,
  messages: IconBell,
  businessData: IconFolders,
};
