import { readMeta } from '../db/app-meta';
import type { Database, Db } from '../db/client';
import type { FileStorage } from '../files';
import { ensureDemoChat } from './conversations';
import { DEMO_SEED_MARKER, seedDemoData } from './demo';
import { ensureDemoEnquiryFiles } from './enquiries';
import { ensureDemoBoms } from './enquiry-boms';
import { ensureDemoFolder } from './folders';
import { ensureDemoImportSample } from './import-config';
import { ensureDemoOffers } from './offers';

/**
 * Every area's demo data and files, each once per database (markers in app_meta): the server's start and the
 * build's prepared demo database (seed/demo-snapshot.ts) run the same steps. True when the base demo (the
 * logins) was seeded now. Two processes starting at once: one seeds, the other waits for the lock and finds
 * the demo data there.
 */
export function seedDemo(database: Database, files: FileStorage): Promise<boolean> {
  return database.exclusively('portal:demo-seed', async () => {
    const fresh = await seedDemoData(database.db);
    await ensureDemoImportSample(files);
    await ensureDemoEnquiryFiles(database.db, files);
    await ensureDemoBoms(database.db, files);
    await ensureDemoOffers(database.db, files);
    await ensureDemoFolder(database.db, files);
    await ensureDemoChat(database.db);
    return fresh;
  });
}

/** Whether this database got the base demo (its logins) already: a restart, or a restored demo database. */
export async function hasDemoBase(db: Db): Promise<boolean> {
  return (await readMeta(db, DEMO_SEED_MARKER)) !== null;
}
