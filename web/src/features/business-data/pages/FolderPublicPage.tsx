import { Center, Loader } from '@mantine/core';
import { FOLDER_TEXTS } from '@portal/domain/schemas/business-data';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { PageProps } from '../../../app/page-props';
import { notifyWarning } from '../../../lib/notify';
import { useFolderPublicInfo } from '../api/get-folder-public';
import { useFolderT } from '../business-data-i18n';
import { FolderAccess } from '../components/FolderAccess';

/**
 * SPEC §2/§6 public project view (`/business-data/{id}` signed out): without anonymous access a "not
 * allowed" warning and back to the start; else the password gate, then the folder.
 */
export function FolderPublicPage({ params }: PageProps) {
  const t = useFolderT();
  const navigate = useNavigate();
  const folderId = params.id ?? '';
  const info = useFolderPublicInfo(folderId);
  const refused = info.isError || info.data?.anonymousAllowed === false;
  const warned = useRef(false);

  useEffect(() => {
    if (!refused || warned.current) return;
    warned.current = true;
    notifyWarning(FOLDER_TEXTS.notAllowed);
    navigate('/', { replace: true });
  }, [refused, navigate]);

  if (!info.data?.anonymousAllowed) {
    return (
      <Center mih="40vh" aria-label={t('loading')}>
        <Loader />
      </Center>
    );
  }
  return <FolderAccess folderId={folderId} signedIn={false} />;
}

export default FolderPublicPage;
