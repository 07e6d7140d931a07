import type { FolderLogAction } from '@portal/domain/schemas/business-data';
import type { DbOrTx } from '../../db/client';
import type { FolderAccess } from './folder-access';
import { insertFolderLogEntry } from './folder-log.repository';

/** One row of a folder's access log (who or which anonymous session, IP, file, action). */
export interface FolderLogEntry {
  folderId: string;
  userId: string | null;
  label: string;
  sessionId: string | null;
  ip: string | null;
  action: FolderLogAction;
  filename?: string | null;
}

export async function recordFolderEvent(db: DbOrTx, entry: FolderLogEntry): Promise<void> {
  await insertFolderLogEntry(db, {
    folderId: entry.folderId,
    userId: entry.userId,
    actorLabel: entry.label,
    sessionId: entry.sessionId,
    ip: entry.ip,
    action: entry.action,
    filename: entry.filename ?? null,
  });
}

/** The log entry of what `access` (a resolved asker) did. */
export function logOf(
  access: FolderAccess,
  action: FolderLogAction,
  filename?: string | null,
): FolderLogEntry {
  return {
    folderId: access.found.folder.id,
    userId: access.actor?.userId ?? null,
    label: access.label,
    sessionId: access.sessionId,
    ip: access.ip,
    action,
    filename: filename ?? null,
  };
}
