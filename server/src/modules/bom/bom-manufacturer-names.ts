import { nameKey } from '@portal/domain/rules/name-variants';
import { numberKey } from '@portal/domain/rules/number-key';
import {
  MAX_LISTED_UNKNOWN_BOM_MANUFACTURERS,
  MAX_UNKNOWN_NAME_CANDIDATES,
  type UnknownBomManufacturer,
  type UnknownBomManufacturers,
} from '@portal/domain/schemas/bom-lines';
import type { Db, DbOrTx } from '../../db/client';
import { yieldToRequests } from '../../db/pacing';
import { updateLineMatches } from './bom-line-writes.repository';
import type { BomOwner } from './bom-lines.repository';
import {
  countNamesWithoutManufacturer,
  distinctManufacturerNames,
  linesToRematch,
  manufacturersOfNumbers,
  numbersOfNames,
  renameLineManufacturers,
} from './bom-manufacturer-names.repository';
import { type LineMatch, matchBomLines, resolveManufacturers } from './bom-match';

/**
 * SPEC §3 BOM line matching info: EPLAN writes manufacturers as short codes (PHO, SIE, HELU …); a code the
 * master data does not know leaves its lines without a manufacturer, so they match by number only or not at
 * all. These are the BOM's side of resolving such names: which names are unknown, and matching the lines
 * again once the master data knows them (the owner's service changes the master data in between).
 */

/** Lines per UPDATE transaction when storing the new matches (short transactions, ARCHITECTURE §3a). */
const REMATCH_PIECE = 250;

/**
 * The names written on the owner's lines without a manufacturer, grouped by their name key (case and inner
 * spaces ignored, as the names index compares them): the most frequent spelling and the lines of all.
 */
async function namesWithoutManufacturer(db: DbOrTx, owner: BomOwner) {
  const byKey = new Map<string, { spellings: { name: string; lines: number }[]; lines: number }>();
  for (const entry of await countNamesWithoutManufacturer(db, owner)) {
    const key = nameKey(entry.name);
    const group = byKey.get(key) ?? { spellings: [], lines: 0 };
    group.spellings.push(entry);
    group.lines += entry.lines;
    byKey.set(key, group);
  }
  return [...byKey.values()].map((group) => {
    const [first] = [...group.spellings].sort((a, b) => b.lines - a.lines || a.name.localeCompare(b.name));
    return { name: (first as { name: string }).name, lines: group.lines, spellings: group.spellings };
  });
}

/**
 * The owner's unknown manufacturer names with their lines, the most frequent first: names on lines without a
 * manufacturer that the master data still does not resolve (as matching resolves them: the exact name key,
 * else one manufacturer by the normalised key). A name the master data learnt since the lines were matched
 * is not listed; its lines are matched again with the next resolved name (`rematchResolvedNames`).
 */
export async function unknownManufacturerNames(
  db: DbOrTx,
  owner: BomOwner,
): Promise<UnknownBomManufacturers> {
  const groups = await namesWithoutManufacturer(db, owner);
  const resolved = await resolveManufacturers(
    db,
    groups.flatMap((group) => group.spellings.map((spelling) => spelling.name)),
  );
  const unknown = groups
    .filter((group) => !group.spellings.some((spelling) => resolved.has(spelling.name)))
    .sort((a, b) => b.lines - a.lines || a.name.localeCompare(b.name, 'de'));
  const listed = unknown.slice(0, MAX_LISTED_UNKNOWN_BOM_MANUFACTURERS);
  const candidates = await candidatesOf(db, owner, listed);
  const names: UnknownBomManufacturer[] = listed.map(({ name, lines }, index) => ({
    name,
    lines,
    candidates: candidates.get(index) ?? [],
  }));
  return { total: unknown.length, names };
}

/** Lines per unknown name whose numbers are looked up for its candidates (the first ones of the BOM). */
const CANDIDATE_SAMPLE_LINES = 200;

/**
 * What each name most likely means: the catalog manufacturers that have its lines' numbers (normalised, as
 * matching compares them), those with the most lines first. A customer, who does not read the master data,
 * chooses among these; an EPLAN code whose lines are all in the catalog thus names its manufacturer itself.
 */
async function candidatesOf(
  db: DbOrTx,
  owner: BomOwner,
  groups: readonly { spellings: readonly { name: string }[] }[],
): Promise<Map<number, UnknownBomManufacturer['candidates']>> {
  const groupOf = new Map<string, number>();
  groups.forEach((group, index) => {
    for (const spelling of group.spellings) groupOf.set(spelling.name, index);
  });
  if (groupOf.size === 0) return new Map();
  const sampled = new Map<number, number>();
  const probes: { g: number; ok: string | null; mk: string | null }[] = [];
  for (const line of await numbersOfNames(db, owner, [...groupOf.keys()])) {
    const group = groupOf.get(line.name as string) as number;
    const taken = sampled.get(group) ?? 0;
    if (taken === CANDIDATE_SAMPLE_LINES) continue;
    const ok = line.orderNumber ? numberKey(line.orderNumber) || null : null;
    const mk = line.manufacturerNumber ? numberKey(line.manufacturerNumber) || null : null;
    if (!ok && !mk) continue;
    sampled.set(group, taken + 1);
    probes.push({ g: group, ok, mk });
  }
  const byGroup = new Map<number, UnknownBomManufacturer['candidates']>();
  for (const { group, ...candidate } of await manufacturersOfNumbers(db, probes)) {
    byGroup.set(group, [...(byGroup.get(group) ?? []), candidate]);
  }
  for (const [group, list] of byGroup) {
    list.sort((a, b) => b.lines - a.lines || a.displayName.localeCompare(b.displayName, 'de'));
    byGroup.set(group, list.slice(0, MAX_UNKNOWN_NAME_CANDIDATES));
  }
  return byGroup;
}

/** Whether a line of the owner is written with the manufacturer name `name` (compared by name key). */
export async function hasManufacturerName(db: DbOrTx, owner: BomOwner, name: string): Promise<boolean> {
  const key = nameKey(name);
  return (await distinctManufacturerNames(db, owner)).some((written) => nameKey(written) === key);
}

/**
 * The owner's own correction of an unknown name (the master data stays as it is): its lines without a
 * manufacturer written with `name` in any spelling of the same name key take `displayName` and are flagged
 * edited; `rematchResolvedNames` then matches them. Returns how many lines took the name.
 */
export async function writeManufacturerOnLines(
  db: DbOrTx,
  owner: BomOwner,
  name: string,
  displayName: string,
): Promise<number> {
  const key = nameKey(name);
  const spellings = (await countNamesWithoutManufacturer(db, owner))
    .map((entry) => entry.name)
    .filter((written) => nameKey(written) === key);
  return renameLineManufacturers(db, owner, spellings, displayName);
}

/**
 * Matches the owner's lines without a manufacturer again whose name the master data resolves by now (the name
 * just assigned, and any learnt meanwhile), through the same matching as the mapping (suggestions included),
 * and stores the new matches a piece per transaction. Lines assigned by hand keep their article. Returns how
 * many lines were matched again.
 */
export async function rematchResolvedNames(db: Db, owner: BomOwner): Promise<number> {
  const names = (await namesWithoutManufacturer(db, owner)).flatMap((group) =>
    group.spellings.map((spelling) => spelling.name),
  );
  const resolved = await resolveManufacturers(db, names);
  if (resolved.size === 0) return 0;
  const rows = await linesToRematch(db, owner, [...resolved.keys()]);
  if (rows.length === 0) return 0;
  const matches = await matchBomLines(
    db,
    rows.map((row) => ({
      quantity: row.quantity,
      unit: row.unit,
      orderNumber: row.orderNumber,
      manufacturerNumber: row.manufacturerNumber,
      manufacturerName: row.manufacturerName,
      isSuppliedPart: row.isSuppliedPart,
      erpNumber: row.erpNumber,
      // As when the file was read: a length or "Meterware" in any cell counts (metresEach).
      texts: Object.values(row.raw),
    })),
  );
  for (let start = 0; start < rows.length; start += REMATCH_PIECE) {
    if (start > 0) await yieldToRequests();
    const piece = rows
      .slice(start, start + REMATCH_PIECE)
      .map((row, offset) => ({ id: row.id, match: matches[start + offset] as LineMatch }));
    await db.transaction((tx) => updateLineMatches(tx, piece));
  }
  return rows.length;
}
