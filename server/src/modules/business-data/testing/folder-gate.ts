import { eq } from 'drizzle-orm';
import { hashPassword } from '../../../auth/password';
import { businessFolders } from '../../../db/schema';
import { createFolderOffer, type FolderWorld, folderRequest } from './folder-world';

/** The password of the folders that {@link anonymousFolder} opens to anonymous visitors. */
export const FOLDER_PASSWORD = 'projekt2026';

/**
 * A folder with anonymous access and {@link FOLDER_PASSWORD}, written straight into the database: the gate
 * does not depend on how the password came to be (folder-manage.routes.test.ts covers setting it).
 */
export async function anonymousFolder(world: FolderWorld): Promise<string> {
  const { folderId } = await createFolderOffer(world);
  await world.ctx.db
    .update(businessFolders)
    .set({ allowAnonymous: true, passwordHash: await hashPassword(FOLDER_PASSWORD) })
    .where(eq(businessFolders.id, folderId));
  return folderId;
}

/** The password gate as an anonymous visitor at `ip` (the socket's address, as without a proxy). */
export function checkFolderPassword(world: FolderWorld, folderId: string, password: string, ip = '10.1.1.1') {
  return folderRequest(world, null, {
    method: 'POST',
    url: '/api/offer/businessdata/check',
    payload: { folderId, password },
    remoteAddress: ip,
  });
}
