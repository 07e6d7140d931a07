import type { FolderResponse, FolderSettings } from '@portal/domain/schemas/business-data';
import { FolderExternalUsersView } from './FolderExternalUsersView';
import { FolderLogView } from './FolderLogView';
import { FolderPasswordView } from './FolderPasswordView';
import { FolderSettingsView } from './FolderSettingsView';

export type FolderManageViewId = 'settings' | 'password' | 'external' | 'log';

/**
 * The views of those who manage a folder, in a module of their own: anonymous visitors and guests never load
 * the forms, the date picker and the log.
 */
export default function FolderManageView({
  view,
  folder,
  settings,
}: {
  view: FolderManageViewId;
  folder: FolderResponse;
  settings: FolderSettings;
}) {
  switch (view) {
    case 'settings':
      return <FolderSettingsView folder={folder} settings={settings} />;
    case 'password':
      return <FolderPasswordView folderId={folder.folderId} settings={settings} />;
    case 'external':
      return <FolderExternalUsersView folderId={folder.folderId} settings={settings} />;
    case 'log':
      return <FolderLogView folderId={folder.folderId} />;
  }
}
