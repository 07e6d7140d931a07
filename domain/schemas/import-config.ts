import { z } from 'zod';
import { LENGTH_UNITS, WEIGHT_UNITS } from '../enums';
import { headerKey, IMPORT_FIELD_NAMES } from '../rules/import-mapping';
import { isoDate, loadedLastUpdate, nameText, text } from './common';
import { filePath } from './file';

/** SPEC §3 Import config and the SPEC §7 `/import/config/…` calls. */

export const HEADER_ROW_MESSAGE = 'Bitte geben Sie eine Zahl größer 0 ein.';
export const MISSING_SAMPLE = 'Bitte laden Sie eine Beispieldatei hoch, damit die Spalten bekannt sind.';
export const MISSING_ORDER_NUMBER_MAPPING = 'Bitte ordnen Sie der Bestellnummer eine Spalte zu.';

/** SPEC §5: the header row is a whole number >= 1. */
export const headerRowIndex = z
  .number({ message: HEADER_ROW_MESSAGE })
  .int(HEADER_ROW_MESSAGE)
  .min(1, HEADER_ROW_MESSAGE)
  .max(1000, 'Die Kopfzeile muss in den ersten 1000 Zeilen stehen.');

export const fieldMappingEntry = z.object({
  importHeader: text().trim().min(1).max(200),
  articleField: z.enum(IMPORT_FIELD_NAMES),
});
export type FieldMappingEntry = z.infer<typeof fieldMappingEntry>;

const optionalId = z
  .uuid()
  .nullish()
  .transform((value) => value ?? null);

const importConfigFields = z.object({
  title: nameText().trim().min(1, 'Bitte geben Sie einen Titel ein.').max(200, 'Höchstens 200 Zeichen.'),
  description: text()
    .trim()
    .min(1, 'Bitte geben Sie eine Beschreibung ein.')
    .max(2000, 'Höchstens 2000 Zeichen.'),
  manufacturerId: optionalId,
  wholesalerId: optionalId,
  defaultUnitId: optionalId,
  /** Name of the sample file and its storage path (from POST /import/config/header). */
  filename: text()
    .max(200)
    .nullish()
    .transform((value) => value ?? null),
  samplePath: filePath.nullish().transform((value) => value ?? null),
  headers: z.array(text().max(200)).max(500),
  headerRowIndex,
  fieldMapping: z.array(fieldMappingEntry).max(100),
  unitWidth: z.enum(LENGTH_UNITS).default('CM'),
  unitHeight: z.enum(LENGTH_UNITS).default('CM'),
  unitDepth: z.enum(LENGTH_UNITS).default('CM'),
  unitWeight: z.enum(WEIGHT_UNITS).default('KG'),
});

type ImportConfigFields = z.output<typeof importConfigFields>;

/** SPEC §5: a file uploaded and headers present; the mapping names known headers, each field once, orderNumber included. */
function checkMapping(value: ImportConfigFields, ctx: z.RefinementCtx): void {
  if (value.headers.filter((header) => header.trim() !== '').length === 0) {
    ctx.addIssue({ code: 'custom', path: ['headers'], message: MISSING_SAMPLE });
  }
  const known = new Set(value.headers.map(headerKey));
  const fields = new Set<string>();
  value.fieldMapping.forEach((entry, index) => {
    if (!known.has(headerKey(entry.importHeader))) {
      ctx.addIssue({
        code: 'custom',
        path: ['fieldMapping', index, 'importHeader'],
        message: `Die Spalte „${entry.importHeader}“ steht nicht in der Kopfzeile.`,
      });
    }
    if (fields.has(entry.articleField)) {
      ctx.addIssue({
        code: 'custom',
        path: ['fieldMapping', index, 'articleField'],
        message: 'Dieses Artikelfeld ist bereits einer Spalte zugeordnet.',
      });
    }
    fields.add(entry.articleField);
  });
  if (!fields.has('orderNumber')) {
    ctx.addIssue({ code: 'custom', path: ['fieldMapping'], message: MISSING_ORDER_NUMBER_MAPPING });
  }
}

export const importConfigBody = importConfigFields.superRefine(checkMapping);
export type ImportConfigBody = z.input<typeof importConfigBody>;
export type ImportConfigValues = z.output<typeof importConfigBody>;

export const updateImportConfigBody = importConfigFields
  .extend({ id: z.uuid(), lastUpdate: loadedLastUpdate })
  .superRefine(checkMapping);
export type UpdateImportConfigBody = z.input<typeof updateImportConfigBody>;

export const importConfigResponse = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  manufacturerId: z.uuid().nullable(),
  manufacturerName: z.string().nullable(),
  wholesalerId: z.uuid().nullable(),
  wholesalerName: z.string().nullable(),
  defaultUnitId: z.uuid().nullable(),
  defaultUnitName: z.string().nullable(),
  filename: z.string().nullable(),
  samplePath: z.string().nullable(),
  headers: z.array(z.string()),
  headerRowIndex: z.number().int(),
  fieldMapping: z.array(fieldMappingEntry),
  unitWidth: z.enum(LENGTH_UNITS),
  unitHeight: z.enum(LENGTH_UNITS),
  unitDepth: z.enum(LENGTH_UNITS),
  unitWeight: z.enum(WEIGHT_UNITS),
  createDate: isoDate,
  lastUpdate: isoDate,
});
export type ImportConfigResponse = z.infer<typeof importConfigResponse>;

export const importConfigListResponse = z.array(importConfigResponse);

export const importConfigIdQuery = z.object({ id: z.uuid() });
/** SPEC §7 POST /import/config/delete (configId). */
export const importConfigDeleteQuery = z.object({ configId: z.uuid() });
export const importConfigDeleteResponse = z.object({ deleted: z.boolean() });

/**
 * POST /import/config/header (multipart): a new sample `file`, or the `samplePath` of one uploaded before,
 * and the header row to read. Without `headerRowIndex` the server proposes the row (domain/rules/header-detection.ts).
 */
export const importHeaderFields = z.object({
  headerRowIndex: z.coerce.number({ message: HEADER_ROW_MESSAGE }).pipe(headerRowIndex).optional(),
  samplePath: filePath.optional(),
});

/** The mapping and units proposed from the column names (domain/rules/header-detection.ts). */
export const importHeaderProposal = z.object({
  fieldMapping: z.array(fieldMappingEntry),
  unitWidth: z.enum(LENGTH_UNITS),
  unitHeight: z.enum(LENGTH_UNITS),
  unitDepth: z.enum(LENGTH_UNITS),
  unitWeight: z.enum(WEIGHT_UNITS),
});
export type ImportHeaderProposal = z.infer<typeof importHeaderProposal>;

export const importHeaderResponse = z.object({
  filename: z.string(),
  samplePath: z.string(),
  headerRowIndex: z.number().int(),
  /** True when the server chose `headerRowIndex` (none was sent). */
  headerRowProposed: z.boolean(),
  headers: z.array(z.string()),
  proposal: importHeaderProposal,
});
export type ImportHeaderResponse = z.infer<typeof importHeaderResponse>;
