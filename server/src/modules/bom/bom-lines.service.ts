import type { BomFieldMappingEntry } from '@portal/domain/schemas/bom';
import type { BomLinesPage, BomLineValues, bomLineValues } from '@portal/domain/schemas/bom-lines';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { yieldToRequests } from '../../db/pacing';
import { isForeignKeyViolation } from '../../db/pg-errors';
import { AppError } from '../../errors';
import { WrongFormatError } from '../../files/sheets/open-sheet';
import { type FileStorage, StoredFileNotFoundError } from '../../files/storage';
import { type BomFileLine, readBomFileLines } from './bom-file-lines';
import {
  activateLineGeneration,
  countGeneration,
  newLineGeneration,
  removeStaleLines,
  updateEditedLine,
  WRITE_PIECE,
  writeLines,
} from './bom-line-writes.repository';
import { toBomLine } from './bom-lines.mapper';
import {
  type BomOwner,
  bomLinesById,
  countBomLines,
  filteredTotal,
  type LinePageRequest,
  pageBomLines,
} from './bom-lines.repository';
import {
  bomMatcher,
  type LineMatch,
  MATCH_PIECE,
  type MatchableLine,
  matchBomLines,
  SUGGESTION_BATCH,
} from './bom-match';

/**
 * SPEC §4 BOM: the lines of a BOM, whoever owns it (an enquiry's BOM, an operator's BOM result, later an
 * offer). Reading, matching and writing run before the caller's transaction, in pieces (see bom-match.ts);
 * the caller's transaction then checks that the BOM is still the one that was read and activates the lines.
 */

export interface StoredBomFile {
  storageKey: string;
  filename: string;
}

/**
 * How the lines are read (header row, mapping, supplied-part text) and stored: the embedded database
 * (PGlite) runs one statement at a time for everyone.
 */
export interface BomStoreOptions {
  headerRowIndex: number;
  mapping: readonly BomFieldMappingEntry[];
  suppliedPartText: string | null;
  embedded: boolean;
}

/**
 * Reads the data lines of a stored BOM file with its mapping, matches them against the catalog and stores
 * them as the owner's lines, without holding the database for the whole BOM: a new generation is written in
 * short transactions, then `commit` runs in one transaction with the caller's checks and must call `activate`
 * (or throw: the new lines are then never seen); the rows of every other generation are removed afterwards,
 * a piece at a time.
 *
 * When any step fails (the file, a check, or the connection ending mid-way: a database restart answers 503),
 * the owner keeps its mapping and lines as they were and the rows written so far are removed, so the same
 * save can simply be tried again. The removal never hides the failure, and a removal that fails after a
 * successful commit does not undo the answer: left rows are never shown and go with the owner's next save.
 */
export async function storeBomFileLines<T>(
  db: Db,
  storage: FileStorage,
  file: StoredBomFile,
  options: BomStoreOptions,
  owner: BomOwner,
  commit: (tx: Tx, activate: () => Promise<void>) => Promise<T>,
): Promise<T> {
  const generation = newLineGeneration();
  let result: T;
  try {
    const written = await readMatchAndWrite(db, storage, file, options, owner, generation);
    result = await db.transaction((tx) =>
      commit(tx, async () => {
        // A second save of the same BOM at the same time removes this generation's rows as stale once it
        // commits first: then this one stops rather than show half a BOM.
        if ((await countGeneration(tx, owner, generation)) !== written) {
          throw new AppError('BOM_CHANGED_CONCURRENTLY');
        }
        await activateLineGeneration(tx, owner, generation);
      }),
    );
  } catch (error) {
    await removeStaleLines(db, owner).catch(() => {});
    // An article, unit or manufacturer matched a moment ago was removed before its line was written (the
    // foreign key refuses the line): the catalog changed under the save, as the embedded path's count check
    // reports it too (bom-line-writes.repository.ts).
    if (isForeignKeyViolation(error)) throw new AppError('BOM_CHANGED_CONCURRENTLY');
    throw error;
  }
  await removeStaleLines(db, owner).catch(() => {});
  return result;
}

/**
 * The file's lines into `generation`, piece by piece, each piece passing four steps: read, matched, given
 * its suggestions, written. Each step works on one piece at a time and in file order, and the four work on
 * different pieces at once: reading is this process's work (or its reader thread's), the others are
 * statements on connections of their own, so on a large file they overlap instead of adding up. Reading
 * waits for the matching of the piece before, which keeps the steps close together. On the embedded
 * database a piece is matched only after the piece before is written: its statements would only queue there,
 * and every other user's statement would wait behind all of them (ARCHITECTURE §3a); reading still overlaps.
 * Returns the number of lines written.
 */
async function readMatchAndWrite(
  db: Db,
  storage: FileStorage,
  file: StoredBomFile,
  options: BomStoreOptions,
  owner: BomOwner,
  generation: number,
): Promise<number> {
  // Lines per statement: small on the embedded database, where a statement holds up every other user; a
  // whole piece on PostgreSQL, where it holds up nobody and fewer statements cost less.
  const perStatement = options.embedded
    ? { suggestions: SUGGESTION_BATCH, writes: WRITE_PIECE }
    : { suggestions: MATCH_PIECE, writes: MATCH_PIECE };
  const matcher = bomMatcher(db, perStatement.suggestions);
  let count = 0;
  // The last piece's steps. A step of a piece starts when its input is ready and the same step of the piece
  // before has ended; a failure passes down the chains, so each later step of each later piece fails too.
  let matched: Promise<unknown> = Promise.resolve();
  let suggested: Promise<unknown> = Promise.resolve();
  let written: Promise<unknown> = Promise.resolve();
  let failure: { error: unknown } | null = null;
  try {
    await storage.withLocalFile(file.storageKey, async (local) => {
      try {
        for await (const piece of readBomFileLines(local, file.filename, options, MATCH_PIECE)) {
          await matched;
          if (failure) throw failure.error;
          count += piece.length;
          await yieldToRequests();
          const matchable = piece.map(matchableLine);
          const matches = (options.embedded ? written : matched).then(() => matcher.match(matchable));
          const withSuggestions = Promise.all([matches, suggested]).then(async ([found]) => {
            await matcher.suggest(matchable, found);
            return found;
          });
          const stored = Promise.all([withSuggestions, written]).then(([found]) =>
            writeLines(db, owner, generation, piece, found, {
              rowsPerStatement: perStatement.writes,
              embedded: options.embedded,
            }),
          );
          // Handled here, so that no step's failure is left unhandled while reading goes on.
          stored.catch((error: unknown) => {
            failure ??= { error };
          });
          matched = matches;
          suggested = withSuggestions;
          written = stored;
        }
      } finally {
        await written.catch(() => {});
      }
      await written;
    });
  } catch (error) {
    if (error instanceof WrongFormatError || error instanceof StoredFileNotFoundError) {
      throw new AppError('BOM_UNREADABLE');
    }
    throw error;
  }
  if (count === 0) throw new AppError('BOM_NO_LINES');
  return count;
}

const matchableLine = ({ values, raw }: BomFileLine): MatchableLine => ({
  ...values,
  texts: Object.values(raw),
});

/** A page of the lines table with the counts per status. */
export async function bomLinesPage(
  db: DbOrTx,
  owner: BomOwner,
  request: LinePageRequest,
): Promise<BomLinesPage> {
  const counts = await countBomLines(db, owner);
  const rows = await pageBomLines(db, owner, request);
  return { content: rows.map(toBomLine), totalElements: filteredTotal(counts, request), counts };
}

export type ParsedLineValues = z.output<typeof bomLineValues>;

/**
 * SPEC §4 edited line: the customer's values replace the line's, the line is matched again (a manual
 * assignment of the operator no longer holds: the numbers may have changed) and flagged `edited`.
 */
export async function updateBomLine(tx: DbOrTx, owner: BomOwner, lineId: string, values: ParsedLineValues) {
  const [current] = await bomLinesById(tx, owner, [lineId]);
  if (!current) throw new AppError('BOM_LINE_NOT_FOUND');
  const edited = {
    quantity: values.quantity,
    unit: values.unit ?? null,
    orderNumber: values.orderNumber ?? null,
    manufacturerNumber: values.manufacturerNumber ?? null,
    manufacturerName: values.manufacturerName ?? null,
    isSuppliedPart: current.line.isSuppliedPart,
    erpNumber: current.line.erpNumber,
    texts: current.line.description ? [current.line.description] : [],
  };
  const [match] = await matchBomLines(tx, [edited]);
  await updateEditedLine(
    tx,
    lineId,
    {
      quantity: edited.quantity,
      quantityUnitName: edited.unit,
      orderNumber: edited.orderNumber,
      manufacturerNumber: edited.manufacturerNumber,
      manufacturerName: edited.manufacturerName,
    },
    match as LineMatch,
  );
  const [updated] = await bomLinesById(tx, owner, [lineId]);
  return toBomLine(updated as NonNullable<typeof updated>);
}

export type { BomLineValues };
