import { Readable } from 'node:stream';
import type { BomFieldMappingEntry } from '@portal/domain/schemas/bom';
import { eq } from 'drizzle-orm';
import { readMeta } from '../db/app-meta';
import type { Db } from '../db/client';
import { appMeta, enquiries, enquiryBoms } from '../db/schema';
import type { FileStorage } from '../files/storage';
import { storeBomFileLines } from '../modules/bom';
import { bomHeadersKey, enquiryBomKey } from '../modules/enquiry';
import { ENQUIRY } from './enquiries';
import { DEMO_BOM_HEADER, demoBomXlsx } from './enquiry-files';

/**
 * The demo draft and the enquiry released to all suppliers carry the demo BOM in the BOM panel,
 * mapped and matched against the demo catalog, so the lines table, the summed BOM and the estimate show
 * real figures right after `npm start`. Once per database (its own marker); needs the storage, hence run
 * at start-up beside ensureDemoEnquiryFiles.
 */
export const DEMO_BOM_MARKER = 'demo_boms_seeded';

const MAPPING: BomFieldMappingEntry[] = [
  { importHeader: 'Menge', bomField: 'quantity' },
  { importHeader: 'Einheit', bomField: 'unit' },
  { importHeader: 'Hersteller', bomField: 'manufacturer' },
  { importHeader: 'Bestellnummer', bomField: 'orderNumber' },
  { importHeader: 'BMK', bomField: 'bmk' },
];

const BOM_FILE_IDS: Record<string, string> = {
  [ENQUIRY.draft]: '00000000-0000-4000-8000-000000001301',
  [ENQUIRY.toAll]: '00000000-0000-4000-8000-000000001302',
};

export async function ensureDemoBoms(db: Db, files: FileStorage): Promise<void> {
  if ((await readMeta(db, DEMO_BOM_MARKER)) !== null) return;
  for (const [enquiryId, fileId] of Object.entries(BOM_FILE_IDS)) {
    const [enquiry] = await db.select().from(enquiries).where(eq(enquiries.id, enquiryId));
    const [existing] = await db.select().from(enquiryBoms).where(eq(enquiryBoms.enquiryId, enquiryId));
    if (!enquiry || existing) continue;
    const content = await demoBomXlsx();
    const storageKey = enquiryBomKey(enquiryId, fileId);
    const filename = 'Stückliste Demo.xlsx';
    await files.save(storageKey, Readable.from([content]));
    const [bom] = await db
      .insert(enquiryBoms)
      .values({
        enquiryId,
        customerId: enquiry.customerId,
        storageKey,
        filename,
        size: content.length,
        headerRowIndex: 1,
        headers: [...DEMO_BOM_HEADER],
        headersKey: bomHeadersKey(DEMO_BOM_HEADER),
        mapping: MAPPING,
        suppliedPartText: null,
      })
      .returning();
    await storeBomFileLines(
      db,
      files,
      { storageKey, filename },
      // A few demo lines: one statement after the other whatever the database.
      { headerRowIndex: 1, mapping: MAPPING, suppliedPartText: null, embedded: true },
      { enquiryBomId: bom!.id },
      (_tx, activate) => activate(),
    );
  }
  await db
    .insert(appMeta)
    .values({ key: DEMO_BOM_MARKER, value: new Date().toISOString() })
    .onConflictDoNothing();
}
