import {
  type BomLineDecision,
  type BomLineValues,
  decideBomLine,
  type LineUnit,
  type MatchCandidate,
} from '@portal/domain/rules/bom-matching';
import { normaliseManufacturerName } from '@portal/domain/rules/name-normaliser';
import { nameKey } from '@portal/domain/rules/name-variants';
import { numberKey } from '@portal/domain/rules/number-key';
import { metresEach, writtenLength } from '@portal/domain/rules/unit-dimensions';
import type { BomSuggestion } from '@portal/domain/schemas/bom';
import type { DbOrTx } from '../../db/client';
import { yieldToRequests } from '../../db/pacing';
import {
  findFirstStepCandidates,
  findManufacturersByNameKey,
  findManufacturersByNormalisedKey,
  findMatchCandidates,
  findNormalisedCandidates,
  findUnitsByNameKey,
  type Probe,
} from './bom-match.repository';
import { findSuggestions } from './bom-suggestions.repository';

/**
 * SPEC §3 BOM line matching info: matching BOM lines against the catalog, set-based. For the whole BOM, two statements
 * resolve the manufacturer names and one the unit names; for each piece of lines one statement finds the
 * candidates of every line in the first step (manufacturer and order number), a second one those of the
 * lines without any in the other steps on the numbers as written (a lateral probe per line into the number
 * indexes, at most CANDIDATE_LIMIT per step), a third the normalised and number-only candidates of the lines
 * still without a match, a fourth the suggestions of the lines not found; the pure rules of
 * domain/rules/bom-matching.ts decide each line. No statement runs per line.
 *
 * Pieces of MATCH_PIECE lines keep each statement short on the embedded database (ARCHITECTURE §3a): the
 * event loop turns between them, so requests do not wait behind a large BOM.
 */

export const MATCH_PIECE = 250;

/**
 * Lines per suggestions statement on the embedded database: a trigram probe against 1,000,000 articles takes
 * 2–7 ms there, and a piece's dozen lines not found in one statement held it for up to 80 ms
 * (bench/bom-match.mjs): every other user's statement waits that long there. Eight lines hold it for up to
 * some 55 ms; four cost 0.6 s more per 20,000-line map in round trips. On PostgreSQL a statement holds up
 * nobody, and a piece's lines go in one (bomMatcher's `suggestionBatch`).
 */
export const SUGGESTION_BATCH = 8;

/** What matching needs of a line (values as read or as edited). */
export type MatchableLine = Pick<
  BomLineValues,
  'quantity' | 'unit' | 'orderNumber' | 'manufacturerNumber' | 'manufacturerName' | 'isSuppliedPart'
> & {
  erpNumber?: string | null;
  /** The line's other cells as read (description, type …): a length or "Meterware" in them (metresEach). */
  texts?: readonly string[];
};

export interface LineMatch extends BomLineDecision {
  manufacturerId: string | null;
  quantityUnitId: string | null;
  /** NOT_FOUND: similar catalog articles (empty otherwise, or when not asked for). */
  suggestions: BomSuggestion[];
}

/**
 * Matches `lines` (any number) and returns a decision for each, in the same order; `suggestions: false`
 * leaves out the suggestions (re-matching after an assignment stores only the lines that now match).
 */
export async function matchBomLines(
  db: DbOrTx,
  lines: readonly MatchableLine[],
  options: { suggestions?: boolean } = {},
): Promise<LineMatch[]> {
  const matcher = bomMatcher(db);
  const result: LineMatch[] = [];
  for (let start = 0; start < lines.length; start += MATCH_PIECE) {
    await yieldToRequests();
    const piece = lines.slice(start, start + MATCH_PIECE);
    const matches = await matcher.match(piece);
    if (options.suggestions ?? true) await matcher.suggest(piece, matches);
    result.push(...matches);
  }
  return result;
}

/**
 * Matches the pieces of one BOM as they come (a file is matched while its next rows are still being read).
 * A BOM repeats a few dozen manufacturers and units: each name is resolved once, with the first piece
 * that carries it. `suggest` adds the suggestions to a matched piece's lines not found: a step of its own,
 * so that it may run beside the matching of the next piece.
 */
export function bomMatcher(db: DbOrTx, suggestionBatch = SUGGESTION_BATCH) {
  const manufacturers = new Map<string, string>();
  const units = new Map<string, { id: string; names: string[] }>();
  const askedNames = new Set<string>();
  const askedUnits = new Set<string>();
  return {
    async match(piece: readonly MatchableLine[]): Promise<LineMatch[]> {
      const names = newOnes(
        piece.map((line) => line.manufacturerName),
        askedNames,
      );
      if (names.length > 0) {
        for (const [name, id] of await resolveManufacturers(db, names)) manufacturers.set(name, id);
      }
      const unitNames = newOnes(
        piece.map((line) => line.unit),
        askedUnits,
      );
      if (unitNames.length > 0) {
        for (const [key, unit] of await resolveUnits(db, unitNames)) units.set(key, unit);
      }
      return matchPiece(db, piece, manufacturers, units);
    },
    suggest: (piece: readonly MatchableLine[], matches: LineMatch[]) =>
      addSuggestions(db, piece, matches, suggestionBatch),
  };
}

/** The names not asked before (marked as asked now). */
function newOnes(names: readonly (string | null)[], asked: Set<string>): string[] {
  const fresh: string[] = [];
  for (const name of names) {
    if (!name || asked.has(name)) continue;
    asked.add(name);
    fresh.push(name);
  }
  return fresh;
}

async function matchPiece(
  db: DbOrTx,
  lines: readonly MatchableLine[],
  manufacturers: Map<string, string>,
  units: Map<string, { id: string; names: string[] }>,
): Promise<LineMatch[]> {
  const probes: Probe[] = lines.map((line, index) => ({
    i: index,
    o: line.orderNumber,
    mn: line.manufacturerNumber,
    e: line.erpNumber ?? null,
    mid: line.manufacturerName ? (manufacturers.get(line.manufacturerName) ?? null) : null,
    ok: keyOf(line.orderNumber),
    mk: keyOf(line.manufacturerNumber),
  }));
  // Most lines are decided by the first step; the other steps are asked for the rest only.
  const candidates = await findFirstStepCandidates(db, probes);
  const rest = probes.filter((probe) => !candidates.has(probe.i));
  if (rest.length > 0) {
    for (const [index, found] of await findMatchCandidates(db, rest)) candidates.set(index, found);
  }
  await probeWithoutLengths(db, probes, candidates);
  const decide = (index: number) => {
    const line = lines[index] as MatchableLine;
    const manufacturerId = probes[index]?.mid ?? null;
    const resolved = line.unit ? units.get(nameKey(line.unit)) : undefined;
    const unit: LineUnit = {
      name: line.unit,
      unitId: resolved?.id ?? null,
      unitNames: resolved?.names ?? [],
      metresEach: metresEach([line.orderNumber, line.manufacturerNumber, ...(line.texts ?? [])]),
    };
    const decision = decideBomLine({ ...line, manufacturerId }, unit, candidates.get(index) ?? []);
    return { ...decision, manufacturerId, quantityUnitId: unit.unitId, suggestions: [] as BomSuggestion[] };
  };
  const decided = lines.map((_, index) => decide(index));
  // The lines no step on the numbers as written decided: the normalised keys are asked next.
  const open = probes.filter((_, index) => unmatched(decided[index] as LineMatch));
  if (open.length > 0) {
    for (const [index, found] of await findNormalisedCandidates(db, open)) {
      candidates.set(index, [...(candidates.get(index) ?? []), ...found]);
      decided[index] = decide(index);
    }
  }
  return decided;
}

/** SPEC §3 suggestions: similar catalog articles for the lines of `matches` not found (set in place). */
async function addSuggestions(
  db: DbOrTx,
  lines: readonly MatchableLine[],
  matches: LineMatch[],
  batch: number,
): Promise<void> {
  const notFound = matches.flatMap((match, index) => {
    if (match.status !== 'NOT_FOUND') return [];
    const line = lines[index] as MatchableLine;
    return [
      {
        i: index,
        ok: keyOf(line.orderNumber),
        mk: keyOf(line.manufacturerNumber),
        mid: match.manufacturerId,
      },
    ];
  });
  for (let start = 0; start < notFound.length; start += batch) {
    if (start > 0) await yieldToRequests();
    for (const [index, suggestions] of await findSuggestions(db, notFound.slice(start, start + batch))) {
      (matches[index] as LineMatch).suggestions = suggestions;
    }
  }
}

function keyOf(number: string | null): string | null {
  const key = number ? numberKey(number) : '';
  return key === '' ? null : key;
}

/** No article and no duplicate: the line may still match on its normalised numbers. */
function unmatched(match: LineMatch): boolean {
  return (
    match.matchedArticleId === null && match.candidateIds.length === 0 && match.status !== 'MISSING_VALUES'
  );
}

/**
 * Metre goods (domain/rules/unit-dimensions.ts): a cable line whose number carries its length ("ÖLFLEX
 * CLASSIC 110 3G1,5 - 10.0 M", as EPLAN writes it) and that found nothing as written is looked up again
 * without the length, in one more statement for the piece's such lines. The number as written is tried
 * first, so a catalog that sells the cut length as its own article keeps it.
 */
async function probeWithoutLengths(
  db: DbOrTx,
  probes: readonly Probe[],
  candidates: Map<number, MatchCandidate[]>,
): Promise<void> {
  const retries: Probe[] = [];
  for (const probe of probes) {
    if (candidates.has(probe.i)) continue;
    const order = writtenLength(probe.o);
    const number = writtenLength(probe.mn);
    if (order || number) retries.push({ ...probe, o: order?.rest ?? probe.o, mn: number?.rest ?? probe.mn });
  }
  if (retries.length === 0) return;
  for (const [index, found] of await findMatchCandidates(db, retries)) candidates.set(index, found);
}

/**
 * The manufacturer of each distinct name: the master-data name with the same key (trimmed, spaces
 * collapsed, case-insensitive), else the one manufacturer whose names have the same normalised key
 * (umlauts spelt out, punctuation and legal forms ignored). Ambiguous or unknown: absent. The normalised
 * keys of the file's names are computed here (normaliseManufacturerName); the database compares them with
 * portal_name_key of its names, its SQL twin (a small table is read once, each name's key computed once).
 */
export async function resolveManufacturers(
  db: DbOrTx,
  names: readonly (string | null)[],
): Promise<Map<string, string>> {
  const distinct = [...new Set(names.filter((name): name is string => !!name))];
  const resolved = new Map<string, string>();
  if (distinct.length === 0) return resolved;
  const byExactKey = await findManufacturersByNameKey(db, distinct.map(nameKey));
  const normalised = [...new Set(distinct.map(normaliseManufacturerName).filter((key) => key !== ''))];
  const byNormalisedKey = await findManufacturersByNormalisedKey(db, normalised);
  for (const name of distinct) {
    const ids = byNormalisedKey.get(normaliseManufacturerName(name)) ?? [];
    const id = byExactKey.get(nameKey(name)) ?? (ids.length === 1 ? ids[0] : undefined);
    if (id) resolved.set(name, id);
  }
  return resolved;
}

/** The unit of each distinct unit text by its name key, with the unit's names (conversions). */
async function resolveUnits(
  db: DbOrTx,
  names: readonly (string | null)[],
): Promise<Map<string, { id: string; names: string[] }>> {
  const keys = [...new Set(names.filter((name): name is string => !!name).map(nameKey))];
  if (keys.length === 0) return new Map();
  return findUnitsByNameKey(db, keys);
}
