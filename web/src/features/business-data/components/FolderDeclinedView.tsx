import { Alert } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useFolderT } from '../business-data-i18n';

/** SPEC §2 sidebar view "decline": the viewer may not see the folder's files. */
export function FolderDeclinedView() {
  const t = useFolderT();
  return (
    <Alert
      color="red"
      icon={<IconLock size={18} />}
      title={t('declined.title')}
      data-testid="folder-declined"
    >
      {t('declined.text')}
    </Alert>
  );
}
