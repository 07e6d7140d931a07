import { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import { readMeta } from '../db/app-meta';
import type { Db } from '../db/client';
import {
  appMeta,
  businessFolderItems,
  businessFolderLog,
  businessFolderShares,
  businessFolders,
  users,
} from '../db/schema';
import type { FileStorage } from '../files/storage';
import { folderFileKey } from '../modules/business-data';
import { demoCircuitDiagramPdf } from './enquiry-files';
import { CONFIRMED_PROJECT, demoOfferId, OFFER } from './offer-files';

/**
 * The demo job (the confirmed offer AN-2025-0933 on "Schaltschrank Kühlwasseraufbereitung") has a project
 * folder with that project's circuit diagram (PDF), a label list and the NC program of the mounting plate, shared with extern@demo.local (read)
 * and open to anonymous visitors with the password `projekt2026`, with a few entries in its access log.
 * Once per database (own marker); missing file contents are written again at each start.
 */

export const DEMO_FOLDER_MARKER = 'demo_folder_seeded';
export const DEMO_FOLDER_PASSWORD = 'projekt2026';

const LABELS_CSV = [
  'BMK;Beschriftung;Material;Größe',
  '-Q1;Hauptschalter 400 V;Schild gelb;60x20',
  '-F1;Sicherung Steuerspannung;Schild weiß;27x8',
  '-K1;Schütz Pumpe 1;Schild weiß;27x8',
  '-K2;Schütz Pumpe 2;Schild weiß;27x8',
  '-T1;Netzteil 24 V DC;Schild weiß;27x8',
  '-X1;Klemmleiste Einspeisung;Klemmenmarkierer;5x10',
  '-X2;Klemmleiste Steuerung;Klemmenmarkierer;5x10',
].join('\r\n');

const NC_PROGRAM = [
  '%',
  `O1000 (MONTAGEPLATTE ${CONFIRMED_PROJECT.referenceNumber} 800X1200)`,
  'G90 G21 G17',
  'T1 M06 (BOHRER 6.8 FUER M8)',
  'S1800 M03',
  'G00 X25.0 Y25.0 Z5.0',
  'G81 R2.0 Z-4.0 F120',
  'X775.0 Y25.0',
  'X775.0 Y1175.0',
  'X25.0 Y1175.0',
  'G80',
  'T2 M06 (SENKER 90 GRAD)',
  'G00 X400.0 Y600.0 Z5.0',
  'G01 Z-1.5 F80',
  'G00 Z50.0',
  'M05',
  'M30',
  '%',
  '',
].join('\n');

/** The folder's drawing is the circuit diagram of the folder's own project. */
const DRAWING = {
  id: demoOfferId(61),
  filename: `Schaltplan Kühlwasseraufbereitung ${CONFIRMED_PROJECT.referenceNumber}.pdf`,
  content: () => demoCircuitDiagramPdf(CONFIRMED_PROJECT.title, `${CONFIRMED_PROJECT.referenceNumber}-E01`),
};

/** The name the drawing was seeded with before: another project's (corrected at the next start). */
const FORMER_DRAWING_NAME = 'Schaltplan Pumpenstation.pdf';

const DEMO_FOLDER_FILES = [
  DRAWING,
  {
    id: demoOfferId(62),
    filename: 'Beschriftung BMK.csv',
    content: async () => Buffer.from(`\uFEFF${LABELS_CSV}`),
  },
  {
    id: demoOfferId(63),
    filename: 'Montageplatte.nc',
    content: async () => Buffer.from(NC_PROGRAM, 'latin1'),
  },
] as const;

/** The demo job's folder. */
async function demoFolderId(db: Db): Promise<string | null> {
  const [folder] = await db
    .select({ id: businessFolders.id })
    .from(businessFolders)
    .where(eq(businessFolders.lineageId, OFFER.confirmed));
  return folder?.id ?? null;
}

async function seedDemoFolder(db: Db): Promise<void> {
  const folderId = await demoFolderId(db);
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['lieferant@demo.local', 'kunde@demo.local', 'extern@demo.local']));
  const by = (email: string) => people.find((person) => person.email === email);
  const hash = await hashPassword(DEMO_FOLDER_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(appMeta).values({ key: DEMO_FOLDER_MARKER, value: new Date().toISOString() });
    const supplier = by('lieferant@demo.local');
    if (!folderId || !supplier) return;
    const [existing] = await tx
      .select({ id: businessFolderItems.id })
      .from(businessFolderItems)
      .where(eq(businessFolderItems.folderId, folderId))
      .limit(1);
    // A database whose users already filled the folder keeps it as it is.
    if (existing) return;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000);
    await tx.insert(businessFolderItems).values(
      DEMO_FOLDER_FILES.map((file, index) => ({
        id: file.id,
        folderId,
        filename: file.filename,
        storageKey: folderFileKey(folderId, file.id),
        size: 0,
        downloadCounter: index === 0 ? 2 : 0,
        uploadedBy: supplier.id,
        createdAt: at(6 - index),
        updatedAt: at(6 - index),
      })),
    );
    await tx
      .update(businessFolders)
      .set({ allowExternal: true, allowAnonymous: true, passwordHash: hash, fileCount: 3, lastUpdate: at(4) })
      .where(eq(businessFolders.id, folderId));
    await tx
      .insert(businessFolderShares)
      .values({
        folderId,
        email: 'extern@demo.local',
        endDate: null,
        read: true,
        write: false,
        createdBy: supplier.id,
      })
      .onConflictDoNothing();
    const log = (
      daysAgo: number,
      email: string,
      action: 'UPLOAD' | 'SHARE' | 'DOWNLOAD',
      filename: string,
    ) => ({
      folderId,
      at: at(daysAgo),
      userId: by(email)?.id ?? null,
      actorLabel: email,
      ip: '127.0.0.1',
      action,
      filename,
    });
    await tx
      .insert(businessFolderLog)
      .values([
        ...DEMO_FOLDER_FILES.map((file, index) =>
          log(6 - index, 'lieferant@demo.local', 'UPLOAD', file.filename),
        ),
        log(3, 'lieferant@demo.local', 'SHARE', 'extern@demo.local'),
        log(2, 'kunde@demo.local', 'DOWNLOAD', DEMO_FOLDER_FILES[0].filename),
        log(1, 'extern@demo.local', 'DOWNLOAD', DEMO_FOLDER_FILES[0].filename),
      ]);
  });
}

/**
 * Seeds the demo folder once and writes the contents of its files that the storage lacks. A folder seeded
 * with another project's drawing gets its own project's drawing under its name.
 */
export async function ensureDemoFolder(db: Db, files: FileStorage): Promise<void> {
  if ((await readMeta(db, DEMO_FOLDER_MARKER)) === null) await seedDemoFolder(db);
  const [former] = await db
    .select()
    .from(businessFolderItems)
    .where(
      and(eq(businessFolderItems.id, DRAWING.id), eq(businessFolderItems.filename, FORMER_DRAWING_NAME)),
    );
  if (former) {
    const { size } = await files.save(former.storageKey, Readable.from([await DRAWING.content()]));
    await db
      .update(businessFolderItems)
      .set({ filename: DRAWING.filename, size })
      .where(eq(businessFolderItems.id, DRAWING.id));
  }
  const rows = await db
    .select()
    .from(businessFolderItems)
    .where(
      inArray(
        businessFolderItems.id,
        DEMO_FOLDER_FILES.map((file) => file.id),
      ),
    );
  for (const row of rows) {
    if (await files.stat(row.storageKey)) continue;
    const file = DEMO_FOLDER_FILES.find((candidate) => candidate.id === row.id)!;
    const { size } = await files.save(row.storageKey, Readable.from([await file.content()]));
    await db.update(businessFolderItems).set({ size }).where(eq(businessFolderItems.id, row.id));
  }
}
