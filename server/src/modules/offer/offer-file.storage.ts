import { FILE_FOLDERS } from '@portal/domain/permissions';

/** An offer file's storage key is generated (offer and file id), never made of the user's name. */
export function offerFileKey(offerId: string, fileId: string): string {
  return `${FILE_FOLDERS.offer}${offerId}/${fileId}`;
}
