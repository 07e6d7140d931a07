import { Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useFolder } from '../api/get-folder';
import { useFolderT } from '../business-data-i18n';
import { FolderDeclinedView } from './FolderDeclinedView';
import { FolderPasswordGate } from './FolderPasswordGate';
import { FolderScreen } from './FolderScreen';

/**
 * Opens a folder for whoever is looking: the folder screen, the password gate (412: anonymous access is on
 * and neither the session nor a folder cookie opens it), or the app's not-found text (404).
 */
export function FolderAccess({ folderId, signedIn }: { folderId: string; signedIn: boolean }) {
  const t = useFolderT();
  const { t: tc } = useTranslation();
  const folder = useFolder(folderId);

  if (folder.isPending) {
    return (
      <Center mih="40vh" aria-label={t('loading')}>
        <Loader />
      </Center>
    );
  }
  if (folder.isError) {
    const status = folder.error instanceof ApiError ? folder.error.status : 0;
    if (status === 412) return <FolderPasswordGate folderId={folderId} signInLink={!signedIn} />;
    if (status === 403) return <FolderDeclinedView />;
    if (status === 404) {
      return (
        <Text size="lg" mt="xl" data-testid="not-found">
          {tc('notFound')}
        </Text>
      );
    }
    throw folder.error;
  }
  return <FolderScreen folder={folder.data} />;
}
