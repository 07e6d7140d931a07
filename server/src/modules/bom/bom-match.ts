import {
  type BomLineDecision,
  type BomLineValues,
  decideBomLine,
  type LineUnit,
} from '@portal/domain/rules/bom-matching';
import { normaliseManufacturerName } from '@portal/domain/rules/name-normaliser';
import { nameKey } from '@portal/domain/rules/name-variants';
import type { DbOrTx } from '../../db/client';
import { yieldToRequests } from '../../db/pacing';
import {
  findManufacturersByNameKey,
  findManufacturersByNormalisedKey,
  findMatchCandidates,
  findUnitsByNameKey,
} from './bom-match.repository';

/**
 * SPEC §3 BOM line matching info: matching BOM lines against the catalog, set-based. For the whole BOM, two statements
 * resolve the manufacturer names and one the unit names; for each piece of lines one statement finds the
 * candidates of every line in every step (a lateral probe per line into the number indexes, at most CANDIDATE_LIMIT per step); the pure rules
 * of domain/rules/bom-matching.ts decide each line. No statement runs per line.
 *
 * Pieces of MATCH_PIECE lines keep each statement short on the embedded database (ARCHITECTURE §3a): the
 * event loop turns between them, so requests do not wait behind a large BOM.
 */

export const MATCH_PIECE = 250;

/** What matching needs of a line (values as read or as edited). */
export type MatchableLine = Pick<
  BomLineValues,
  'quantity' | 'unit' | 'orderNumber' | 'manufacturerNumber' | 'manufacturerName' | 'isSuppliedPart'
>;

export interface LineMatch extends BomLineDecision {
  manufacturerId: string | null;
  quantityUnitId: string | null;
}

/** Matches `lines` (any number) and returns a decision for each, in the same order. */
export async function matchBomLines(db: DbOrTx, lines: readonly MatchableLine[]): Promise<LineMatch[]> {
  // The names are resolved once for the whole BOM (a BOM repeats a few dozen manufacturers and units).
  const manufacturers = await resolveManufacturers(
    db,
    lines.map((line) => line.manufacturerName),
  );
  const units = await resolveUnits(
    db,
    lines.map((line) => line.unit),
  );
  const result: LineMatch[] = [];
  for (let start = 0; start < lines.length; start += MATCH_PIECE) {
    await yieldToRequests();
    result.push(...(await matchPiece(db, lines.slice(start, start + MATCH_PIECE), manufacturers, units)));
  }
  return result;
}

async function matchPiece(
  db: DbOrTx,
  lines: readonly MatchableLine[],
  manufacturers: Map<string, string>,
  units: Map<string, { id: string; names: string[] }>,
): Promise<LineMatch[]> {
  const probes = lines.map((line, index) => ({
    i: index,
    o: line.orderNumber,
    mn: line.manufacturerNumber,
    mid: line.manufacturerName ? (manufacturers.get(line.manufacturerName) ?? null) : null,
  }));
  const candidates = await findMatchCandidates(db, probes);
  return lines.map((line, index) => {
    const manufacturerId = probes[index]?.mid ?? null;
    const resolved = line.unit ? units.get(nameKey(line.unit)) : undefined;
    const unit: LineUnit = {
      name: line.unit,
      unitId: resolved?.id ?? null,
      unitNames: resolved?.names ?? [],
    };
    const decision = decideBomLine({ ...line, manufacturerId }, unit, candidates.get(index) ?? []);
    return { ...decision, manufacturerId, quantityUnitId: unit.unitId };
  });
}

/**
 * The manufacturer of each distinct name: the master-data name with the same key (trimmed, spaces
 * collapsed, case-insensitive), else the one manufacturer whose names have the same normalised key
 * (umlauts spelt out, punctuation and legal forms ignored). Ambiguous or unknown: absent. The normalised
 * keys of the file's names are computed here (normaliseManufacturerName); the database compares them with
 * portal_name_key of its names, its SQL twin (a small table is read once, each name's key computed once).
 */
async function resolveManufacturers(
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
