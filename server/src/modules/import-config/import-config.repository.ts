import type { ImportConfigResponse, ImportConfigValues } from '@portal/domain/schemas/import-config';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { importConfigs, manufacturers, units, wholesalers } from '../../db/schema';

const selection = {
  id: importConfigs.id,
  title: importConfigs.title,
  description: importConfigs.description,
  manufacturerId: importConfigs.manufacturerId,
  manufacturerName: manufacturers.displayName,
  wholesalerId: importConfigs.wholesalerId,
  wholesalerName: wholesalers.displayName,
  defaultUnitId: importConfigs.defaultUnitId,
  defaultUnitName: units.displayName,
  filename: importConfigs.filename,
  samplePath: importConfigs.samplePath,
  headers: importConfigs.headers,
  headerRowIndex: importConfigs.headerRowIndex,
  fieldMapping: importConfigs.fieldMapping,
  unitWidth: importConfigs.unitWidth,
  unitHeight: importConfigs.unitHeight,
  unitDepth: importConfigs.unitDepth,
  unitWeight: importConfigs.unitWeight,
  createdAt: importConfigs.createdAt,
  updatedAt: importConfigs.updatedAt,
};

type ConfigRow = Awaited<ReturnType<typeof baseQuery>>[number];

function toResponse(row: ConfigRow): ImportConfigResponse {
  const { createdAt, updatedAt, ...rest } = row;
  return { ...rest, createDate: createdAt.toISOString(), lastUpdate: updatedAt.toISOString() };
}

function baseQuery(db: DbOrTx) {
  return db
    .select(selection)
    .from(importConfigs)
    .leftJoin(manufacturers, eq(manufacturers.id, importConfigs.manufacturerId))
    .leftJoin(wholesalers, eq(wholesalers.id, importConfigs.wholesalerId))
    .leftJoin(units, eq(units.id, importConfigs.defaultUnitId));
}

export async function listImportConfigs(db: DbOrTx): Promise<ImportConfigResponse[]> {
  const rows = await baseQuery(db).orderBy(asc(sql`lower(${importConfigs.title})`), asc(importConfigs.id));
  return rows.map(toResponse);
}

export async function findImportConfig(db: DbOrTx, id: string): Promise<ImportConfigResponse | undefined> {
  const [row] = await baseQuery(db).where(eq(importConfigs.id, id));
  return row ? toResponse(row) : undefined;
}

export async function insertImportConfig(db: DbOrTx, values: ImportConfigValues): Promise<string> {
  const [row] = await db.insert(importConfigs).values(values).returning({ id: importConfigs.id });
  return row!.id;
}

/** Writes a configuration's values; its change time comes from the checked save (db/last-update.ts). */
export async function updateImportConfig(
  db: DbOrTx,
  id: string,
  values: ImportConfigValues,
): Promise<boolean> {
  const rows = await db
    .update(importConfigs)
    .set(values)
    .where(eq(importConfigs.id, id))
    .returning({ id: importConfigs.id });
  return rows.length > 0;
}

export async function deleteImportConfig(
  db: DbOrTx,
  id: string,
): Promise<{ samplePath: string | null } | null> {
  const [row] = await db
    .delete(importConfigs)
    .where(eq(importConfigs.id, id))
    .returning({ samplePath: importConfigs.samplePath });
  return row ?? null;
}

/** Is `path` the sample of another configuration (then it stays when this one lets go of it)? */
export async function isSampleInUse(db: DbOrTx, path: string): Promise<boolean> {
  const [row] = await db
    .select({ id: importConfigs.id })
    .from(importConfigs)
    .where(eq(importConfigs.samplePath, path))
    .limit(1);
  return row !== undefined;
}
