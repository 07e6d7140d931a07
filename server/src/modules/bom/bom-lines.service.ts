import type { BomFieldMappingEntry } from '@portal/domain/schemas/bom';
import type { BomLinesPage, BomLineValues, bomLineValues } from '@portal/domain/schemas/bom-lines';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { yieldToRequests } from '../../db/pacing';
import { AppError } from '../../errors';
import { WrongFormatError } from '../../files/sheets/open-sheet';
import { type FileStorage, StoredFileNotFoundError } from '../../files/storage';
import { type BomFileLine, readBomFileLines } from './bom-file-lines';
import {
  activateLineGeneration,
  countGeneration,
  removeStaleLines,
  updateEditedLine,
  writeLineGeneration,
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
import { bomMatcher, type LineMatch, MATCH_PIECE, type MatchableLine, matchBomLines } from './bom-match';

/**
 * SPEC §4 BOM: the lines of a BOM, whoever owns it (an enquiry's BOM, an operator's BOM
 * result, later an offer). Reading and matching run before the caller's transaction, in pieces (see
 * bom-match.ts); the caller then stores the result with `replaceBomLines` inside its own transaction, after
 * checking that the BOM is still the one that was read.
 */

export interface StoredBomFile {
  storageKey: string;
  filename: string;
}

export interface ReadAndMatched {
  lines: BomFileLine[];
  matches: LineMatch[];
}

/**
 * Reads the data lines of a stored BOM file with its mapping and matches them against the catalog. One
 * piece is matched while the next is read: reading is this process's work (or its reader thread's), matching
 * mostly the database's, so on a large file the two overlap instead of adding up.
 */
export async function readAndMatchBom(
  db: DbOrTx,
  storage: FileStorage,
  file: StoredBomFile,
  options: {
    headerRowIndex: number;
    mapping: readonly BomFieldMappingEntry[];
    suppliedPartText: string | null;
  },
): Promise<ReadAndMatched> {
  const matcher = bomMatcher(db);
  const lines: BomFileLine[] = [];
  const matches: LineMatch[] = [];
  // The piece being matched; it settles without rejecting (a failure is kept), so a reading error meanwhile
  // never leaves a rejected promise without a handler.
  let matching: Promise<void> = Promise.resolve();
  let matchFailure: { error: unknown } | null = null;
  const matched = async () => {
    await matching;
    if (matchFailure) throw matchFailure.error;
  };
  try {
    await storage.withLocalFile(file.storageKey, async (local) => {
      try {
        for await (const piece of readBomFileLines(local, file.filename, options, MATCH_PIECE)) {
          await matched();
          lines.push(...piece);
          await yieldToRequests();
          matching = matcher.match(piece.map(matchableLine)).then(
            (found) => {
              matches.push(...found);
            },
            (error: unknown) => {
              matchFailure = { error };
            },
          );
        }
      } finally {
        await matching;
      }
      await matched();
    });
  } catch (error) {
    if (error instanceof WrongFormatError || error instanceof StoredFileNotFoundError) {
      throw new AppError('BOM_UNREADABLE');
    }
    throw error;
  }
  if (lines.length === 0) throw new AppError('BOM_NO_LINES');
  return { lines, matches };
}

const matchableLine = ({ values, raw }: BomFileLine): MatchableLine => ({
  ...values,
  texts: Object.values(raw),
});

/**
 * Stores read and matched lines as the owner's lines without holding the database for the whole BOM: a new
 * generation is written in short transactions, then `commit` runs in one transaction with the caller's
 * checks and must call `activate` (or throw: the new lines are then never seen); the rows of every other
 * generation are removed afterwards, a piece at a time.
 *
 * When any step fails (a check, or the connection ending mid-way: a database restart answers 503), the owner
 * keeps its mapping and lines as they were and the rows written so far are removed, so the same save can
 * simply be tried again. The removal never hides the failure, and a removal that fails after a successful
 * commit does not undo the answer: left rows are never shown and go with the owner's next save.
 */
export async function storeMatchedLines<T>(
  db: Db,
  owner: BomOwner,
  matched: ReadAndMatched,
  commit: (tx: Tx, activate: () => Promise<void>) => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    const generation = await writeLineGeneration(db, owner, matched.lines, matched.matches);
    result = await db.transaction((tx) =>
      commit(tx, async () => {
        // A second save of the same BOM at the same time removes this generation's rows as stale once it
        // commits first: then this one stops rather than show half a BOM.
        if ((await countGeneration(tx, owner, generation)) !== matched.lines.length) {
          throw new AppError('BOM_CHANGED_CONCURRENTLY');
        }
        await activateLineGeneration(tx, owner, generation);
      }),
    );
  } catch (error) {
    await removeStaleLines(db, owner).catch(() => {});
    throw error;
  }
  await removeStaleLines(db, owner).catch(() => {});
  return result;
}

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
