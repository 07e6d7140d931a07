import type { PageProps } from '../../../app/page-props';
import { FolderAccess } from '../components/FolderAccess';

/** SPEC §2 `/business-data/{id}` signed in: the project folder of an offer. */
export function FolderDetailPage({ params }: PageProps) {
  return <FolderAccess folderId={params.id ?? ''} signedIn />;
}

export default FolderDetailPage;
