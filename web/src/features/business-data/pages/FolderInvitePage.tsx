import type { PageProps } from '../../../app/page-props';
import { LoginPage } from '../../auth';

/**
 * SPEC §2 `/business-data/invite/{id}`: the login page reached from the password gate; with the folder's id
 * it sends the user to `/business-data/{id}` after sign-in. The login page loads lazily, in the chunk /login uses.
 */
export function FolderInvitePage({ params }: PageProps) {
  return <LoginPage params={params} />;
}

export default FolderInvitePage;
