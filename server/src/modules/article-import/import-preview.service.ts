import { canImportArticles } from '@portal/domain/permissions';
import { cleanName, nameKey } from '@portal/domain/rules/name-variants';
import type { ImportPreviewResponse, ResolveImportNameBody } from '@portal/domain/schemas/article-import';
import type { RequestActor } from '../../auth/actor';
import type { BulkSession, Database } from '../../db/client';
import type { StoredImportPreview } from '../../db/schema';
import { AppError } from '../../errors';
import { createManufacturerService } from '../manufacturer';
import { createUnitService } from '../unit';
import { runSettings } from './catalog-config';
import { summarizeStaged } from './import-preview';
import { findPreviewRun, type ImportRunRow, savePreviewIfPending } from './import-run.repository';
import { takeOverResolvedNames } from './preview-names';
import { stagedColumns, stagingTable, stagingTableExists } from './staging';
import { chunkedPasses, type StagingPasses, transactionPasses } from './staging-passes';
import { buildMergePlan } from './write-catalog';

/** Serialises the changes of a preview within this process (PGlite: its passes span several transactions). */
function createExclusiveLock() {
  let chain: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const result = chain.then(work);
    chain = result.catch(() => undefined);
    return result;
  };
}

const NO_PREVIEW = 'Es wartet kein Artikelimport mit einer Vorschau auf „Übernehmen“.';

/**
 * The preview of an import: show it, resolve the file's unknown manufacturer and unit
 * names right there (new item or name variant of an existing one; the master data's rules apply), and
 * discard it. Confirming it is the import service's (it queues the write phase).
 */
export function createImportPreviewService(deps: { database: Database }) {
  const { database } = deps;
  const db = database.db;
  const manufacturers = createManufacturerService({ db });
  const units = createUnitService({ db });
  const exclusive = createExclusiveLock();

  function assertMayImport(actor: RequestActor) {
    if (!canImportArticles(actor)) throw new AppError('FORBIDDEN');
  }

  async function previewRun(): Promise<ImportRunRow & { preview: StoredImportPreview }> {
    const run = await findPreviewRun(db);
    if (!run?.preview) throw new AppError('NOT_FOUND', NO_PREVIEW);
    return run as ImportRunRow & { preview: StoredImportPreview };
  }

  /**
   * The master data change the operator asked for: a new item, or the name as a variant of one, by the
   * manufacturer's or unit's own rules (SPEC §5 name variants), as the BOM's unknown names use them.
   */
  async function changeMasterData(actor: RequestActor, body: ResolveImportNameBody): Promise<void> {
    const service = body.kind === 'MANUFACTURER' ? manufacturers : units;
    if (body.action === 'CREATE') await service.createNamed(actor, body.name);
    else await service.addVariant(actor, body.targetId, body.name);
  }

  /** Takes over the rows of every name the master data knows by now and counts the preview again. */
  async function recount(session: BulkSession, run: ImportRunRow & { preview: StoredImportPreview }) {
    const config = await runSettings(db, run);
    if (!config) throw new AppError('NOT_FOUND', 'Die Importkonfiguration wurde inzwischen gelöscht.');
    const stored = run.preview;
    const staged = {
      table: stagingTable(run.id),
      columns: stagedColumns(stored.fields),
      rowCount: stored.rowCount,
      lastLine: stored.lastLine,
    };
    const plan = await buildMergePlan(session, run.id, run.fileName, config, staged);
    const count = async (passes: StagingPasses) => {
      await takeOverResolvedNames(passes, plan);
      return summarizeStaged(passes, plan);
    };
    const next = (summary: StoredImportPreview['summary']): StoredImportPreview => ({ ...stored, summary });
    if (database.kind === 'pglite') {
      const preview = next(await count(chunkedPasses(session, stored.lastLine)));
      await savePreviewIfPending(db, run.id, preview);
      return;
    }
    // PostgreSQL: one transaction that holds the run, so a confirm or a discard (also from another server
    // process) waits for it.
    await session.transaction(async (tx) => {
      const locked = await tx.query(
        `SELECT 1 FROM article_import_runs WHERE id = $1 AND state = 'PREVIEW' FOR UPDATE`,
        [run.id],
      );
      if (locked.rows.length === 0) throw new AppError('NOT_FOUND', NO_PREVIEW);
      const preview = next(await count(transactionPasses(tx)));
      await tx.query('UPDATE article_import_runs SET preview = $2::jsonb WHERE id = $1', [
        run.id,
        JSON.stringify(preview),
      ]);
    });
  }

  return {
    exclusive,

    /** GET /article/import/preview: the run waiting for "Übernehmen" and what it would do. */
    async preview(actor: RequestActor, toRun: (run: ImportRunRow) => ImportPreviewResponse['run']) {
      assertMayImport(actor);
      const run = await previewRun();
      return { run: toRun(run), preview: run.preview.summary };
    },

    /**
     * POST /article/import/preview/names: resolves an unknown name of the file (404 when the preview has no
     * such name; the master data's 404 and 409 "Diese Bezeichnung wird bereits verwendet."), then counts
     * the preview again: the name's rows are no longer refused.
     */
    resolveName(actor: RequestActor, body: ResolveImportNameBody) {
      assertMayImport(actor);
      return exclusive(async () => {
        const run = await previewRun();
        const table = stagingTable(run.id);
        const column = body.kind === 'MANUFACTURER' ? 'manufacturer_key' : 'unit_key';
        const session = await database.openBulkSession();
        try {
          const named = await session.transaction(async (tx) => {
            if (!(await stagingTableExists(tx, table))) return false;
            const found = await tx.query(
              `SELECT EXISTS (SELECT 1 FROM ${table} WHERE ${column} = $1) AS named`,
              [nameKey(body.name)],
            );
            return found.rows[0]?.named === true;
          });
          if (!named) {
            throw new AppError(
              'NOT_FOUND',
              `„${cleanName(body.name)}“ kommt in den Zeilen der Vorschau nicht (mehr) vor.`,
            );
          }
          await changeMasterData(actor, body);
          await recount(session, run);
        } finally {
          await session.release();
        }
        return previewRun();
      });
    },

    /** Drops what a discarded (or confirmed-then-ended) preview left: its staging table. */
    async dropStaging(runId: string): Promise<void> {
      await database.executeSql(`DROP TABLE IF EXISTS ${stagingTable(runId)}`);
    },
  };
}

export type ImportPreviewService = ReturnType<typeof createImportPreviewService>;
