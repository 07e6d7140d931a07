import {
  type AttemptWindow,
  pruneAttempts,
  type SpreadBrake,
  spreadBrakeDelayMs,
  waitInWords,
} from '../../auth/attempts';
import type { DbOrTx } from '../../db/client';
import { notifyCompanies } from '../notification';
import { lockFolderRow } from './folder.repository';
import { folderLabel, type LoadedFolder } from './folder-access';
import { countPairAndFolderAttempts, hasAttemptSince, insertAttempts } from './folder-brake.repository';

/**
 * Password guessing on a project folder (SPEC §4 anonymous access; ASVS 6.3.1), counted in the database so
 * that every server process sees the same counts (ARCHITECTURE §5), the way sign-in is braked per account:
 * - one folder from one address: 10 failures in 30 minutes and that pair waits out the window (429);
 * - one folder from many addresses: from the folder's 10th failure on, a further try from an address that
 *   failed itself waits 1, 2, 4 … at most 60 seconds after the folder's latest failure. An address without
 *   failures is never slowed, so a visitor with the right password still gets in;
 * - while the folder is braked, its admins are told, at most once an hour.
 * Refused tries are not counted; nobody is made to sleep: the answer is 429 with Retry-After.
 */
export const FOLDER_PASSWORD_WINDOW: AttemptWindow = {
  bucket: 'folder-password',
  limit: 10,
  windowMs: 30 * 60 * 1000,
};
export const FOLDER_BRAKE: SpreadBrake = { from: 10, maxDelayMs: 60 * 1000 };
const FOLDER_BUCKET = 'folder-password:folder';
const ALERT_BUCKET = 'folder-password:alert';
const ALERT_EVERY_MS = 60 * 60 * 1000;

/**
 * The time of the folder's counters. Failures are stored with this time (not the database's `now()`) so
 * that writing and reading use one clock; tests replace `now` to let minutes pass without waiting.
 */
export const folderBrakeClock = { now: (): Date => new Date() };

const pairKey = (folderId: string, address: string) => `${folderId}|${address}`;

export interface FolderFailures {
  /** Failures of this folder from this address. */
  pair: number;
  /** Failures of this folder from any address, and the latest of them. */
  folder: number;
  latest: Date | null;
}

/** One small indexed query: the counts of the pair and of the folder within the window. */
export async function loadFolderFailures(
  db: DbOrTx,
  folderId: string,
  address: string,
): Promise<FolderFailures> {
  const since = new Date(folderBrakeClock.now().getTime() - FOLDER_PASSWORD_WINDOW.windowMs);
  return countPairAndFolderAttempts(
    db,
    { bucket: FOLDER_PASSWORD_WINDOW.bucket, key: pairKey(folderId, address) },
    { bucket: FOLDER_BUCKET, key: folderId },
    since,
  );
}

/** Pure: the seconds the next try of a failed address must wait under the folder-wide brake, or 0. */
export function folderBrakeWaitSeconds(failures: FolderFailures, now: Date): number {
  if (failures.pair === 0 || !failures.latest) return 0;
  const delay = spreadBrakeDelayMs(FOLDER_BRAKE, failures.folder);
  if (delay === 0) return 0;
  const wait = failures.latest.getTime() + delay - now.getTime();
  return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : 0;
}

export function folderBrakeMessage(seconds: number): string {
  return `Zu viele falsche Passwörter für diesen Projektordner. Bitte warten Sie ${waitInWords(seconds)} und versuchen Sie es dann erneut.`;
}

/** Counts a wrong password for the pair and for the folder. */
export async function recordFolderFailure(tx: DbOrTx, folderId: string, address: string): Promise<void> {
  const createdAt = folderBrakeClock.now();
  await insertAttempts(
    tx,
    [
      { bucket: FOLDER_PASSWORD_WINDOW.bucket, key: pairKey(folderId, address) },
      { bucket: FOLDER_BUCKET, key: folderId },
    ],
    createdAt,
  );
  await pruneAttempts(tx);
}

async function alertedWithinTheHour(tx: DbOrTx, folderId: string): Promise<boolean> {
  const since = new Date(folderBrakeClock.now().getTime() - ALERT_EVERY_MS);
  return hasAttemptSince(tx, { bucket: ALERT_BUCKET, key: folderId }, since);
}

/**
 * After a failure that leaves the folder braked (`failures` within the window, this one included): tells
 * the folder's admins, unless they were told within the hour. The admins of both sides of the offer manage
 * the folder (domain/permissions-folder.ts); the customer's only once it may see the offer at all.
 */
export async function alertFolderAdmins(tx: DbOrTx, found: LoadedFolder, failures: number): Promise<void> {
  if (failures < FOLDER_BRAKE.from) return;
  const folderId = found.folder.id;
  if (await alertedWithinTheHour(tx, folderId)) return;
  // Several server processes may get here at once: the folder's row lock lets one of them tell.
  await lockFolderRow(tx, folderId);
  if (await alertedWithinTheHour(tx, folderId)) return;
  await insertAttempts(tx, [{ bucket: ALERT_BUCKET, key: folderId }], folderBrakeClock.now());
  await notifyCompanies(tx, {
    companyIds: found.customerOfferId ? [found.supplierId, found.customerId] : [found.supplierId],
    adminsOnly: true,
    entity: 'OFFER',
    action: 'login',
    level: 'warn',
    text: `Viele falsche Passwörter für den Projektordner „${folderLabel(found)}“: ${failures} in 30 Minuten. Weitere Versuche von diesen Adressen werden gebremst; wer das Passwort kennt, kommt weiterhin hinein.`,
    link: `/business-data/${folderId}`,
  });
}
