import { creationFields, diffFields } from '@portal/domain/rules/change-diff';
import { type CsvError, describeCsvError } from '@portal/domain/rules/csv';
import { eclassExportFileName, formatEclassCsv, parseEclassCsv } from '@portal/domain/rules/eclass-csv';
import type { EclassListQuery } from '@portal/domain/schemas/eclass';
import type { FieldValueDeleteResult, ImportResult } from '@portal/domain/schemas/field-value';
import type { RequestActor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { claimLoadedState } from '../../db/last-update';
import { eclassEntries } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuditedEntity, listChanges, recordChanges } from '../audit';
import {
  assertCanManage,
  assertCanRead,
  deleteUnused,
  ECLASS_REFERENCES,
  inOrder,
  listPage,
  rethrowConflict,
} from '../field-value';
import {
  ECLASS_LIST_SPEC,
  type EclassRow,
  type EclassValues,
  findAllEclassEntries,
  findEclassEntries,
  findEclassOfArticles,
  insertEclassEntry,
  updateEclassEntry,
  upsertEclassEntries,
} from './eclass.repository';

/** SPEC §3: E-Class entries carry change entries. */
const ECLASS_ENTITY: AuditedEntity = 'ECLASS';
const AUDITED_FIELDS = [
  'eclassNumber',
  'description',
  'workTime',
  'firstLevelOrder',
  'secondLevelOrder',
] as const;

export function toEclassEntry(row: EclassRow, usedByArticleAmount?: number) {
  return {
    id: row.id,
    eclassNumber: row.eclassNumber,
    description: row.description,
    workTime: row.workTime,
    firstLevelOrder: row.firstLevelOrder,
    secondLevelOrder: row.secondLevelOrder,
    createDate: row.createdAt.toISOString(),
    lastUpdate: row.updatedAt.toISOString(),
    ...(usedByArticleAmount === undefined ? {} : { usedByArticleAmount }),
  };
}

/** SPEC §7 E-Class calls. */
export function createEclassService(deps: { db: Db }) {
  const { db } = deps;

  /** SPEC §3: an E-Class entry carries its change entries, in every answer that returns the entry itself. */
  async function withChanges(row: EclassRow) {
    return { ...toEclassEntry(row), changeEntries: await listChanges(db, ECLASS_ENTITY, row.id) };
  }

  async function get(actor: RequestActor, id: string) {
    assertCanRead(actor);
    const [row] = await findEclassEntries(db, [id]);
    if (!row) throw new AppError('NOT_FOUND');
    return withChanges(row);
  }

  async function list(actor: RequestActor, query: EclassListQuery) {
    assertCanRead(actor);
    const page = await listPage(db, ECLASS_LIST_SPEC, query);
    const rows = inOrder(page.ids, await findEclassEntries(db, page.ids));
    return {
      content: rows.map((row) =>
        toEclassEntry(row, page.amounts ? (page.amounts.get(row.id) ?? 0) : undefined),
      ),
      totalElements: page.total,
    };
  }

  /** SPEC §8: a number already present answers 409 'E-Class ID bereits vorhanden'. */
  async function create(actor: RequestActor, values: EclassValues) {
    assertCanManage(actor);
    try {
      const row = await db.transaction(async (tx) => {
        const created = await insertEclassEntry(tx, values);
        await recordChanges(
          tx,
          { entityType: ECLASS_ENTITY, entityId: created.id, userId: actor.userId },
          creationFields(values, AUDITED_FIELDS),
        );
        return created;
      });
      return await withChanges(row);
    } catch (error) {
      rethrowConflict(error);
    }
  }

  async function update(actor: RequestActor, body: EclassValues & { id: string; lastUpdate: string }) {
    assertCanManage(actor);
    const { id, lastUpdate, ...values } = body;
    let row: EclassRow | null;
    try {
      row = await db.transaction(async (tx) => {
        await claimLoadedState(tx, eclassEntries, id, { lastUpdate, userId: actor.userId });
        const [before] = await findEclassEntries(tx, [id]);
        if (!before) return null;
        const updated = await updateEclassEntry(tx, id, values);
        await recordChanges(
          tx,
          { entityType: ECLASS_ENTITY, entityId: id, userId: actor.userId },
          diffFields(before, values, AUDITED_FIELDS),
        );
        return updated;
      });
    } catch (error) {
      rethrowConflict(error);
    }
    if (!row) throw new AppError('NOT_FOUND');
    return withChanges(row);
  }

  async function remove(actor: RequestActor, ids: readonly string[]): Promise<FieldValueDeleteResult> {
    assertCanManage(actor);
    return deleteUnused(db, { table: eclassEntries, id: eclassEntries.id }, ECLASS_REFERENCES, ids);
  }

  /** SPEC §7: an empty list is answered without a query. */
  async function mapArticles(actor: RequestActor, articleIds: readonly string[]) {
    assertCanRead(actor);
    const rows = await findEclassOfArticles(db, [...new Set(articleIds)]);
    return {
      eclassMap: Object.fromEntries(rows.map(({ articleId, entry }) => [articleId, toEclassEntry(entry)])),
    };
  }

  async function exportCsv(actor: RequestActor): Promise<{ filename: string; content: string }> {
    assertCanManage(actor);
    const rows = await findAllEclassEntries(db);
    return { filename: eclassExportFileName(new Date()), content: formatEclassCsv(rows) };
  }

  /** Import (CSV only, one file): entries are created or updated by number, all or nothing; rows equal to their entry count as unchanged. */
  async function importCsv(actor: RequestActor, readFile: () => Promise<string>): Promise<ImportResult> {
    assertCanManage(actor);
    const parsed = parseEclassCsv(await readFile());
    if (!parsed.ok) throw wrongFormat(parsed.error);
    const entries = parsed.value.map((row) => row.entry);
    const { created, updated } = await db.transaction((tx) => upsertEclassEntries(tx, entries));
    return { created, updated, unchanged: entries.length - created - updated };
  }

  return { get, list, create, update, remove, mapArticles, exportCsv, importCsv };
}

function wrongFormat(error: CsvError): AppError {
  return new AppError('IMPORT_WRONG_FORMAT', describeCsvError(error));
}

export type EclassService = ReturnType<typeof createEclassService>;
