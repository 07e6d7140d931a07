import type { BomFieldMappingEntry } from '../schemas/bom';
import { type Cell, cellText, headerKey } from './import-mapping';

/**
 * SPEC §5 supplied-part text: EPLAN and customers' lists rarely name a column "Beigestellt"; they write
 * "Beistellung" or "beigestellt" into a column of their own (EPLAN's "Teileart", a remark). The column whose
 * values carry one of these words is proposed as the supplied-part column, with the word as its text (the
 * text is compared case-insensitively, SPEC §5), so the customer only confirms it.
 */

/** The words that mark a supplied part in a cell, lower case (compared case-insensitively). */
export const SUPPLIED_PART_WORDS = ['beigestellt', 'beistellung'] as const;

/** How many rows below the header are looked at: enough for any title block, and cheap to read at upload. */
export const SUPPLIED_PART_SAMPLE_ROWS = 1000;

export interface SuppliedPartProposal {
  /** The column's header as the header row stores it (spaces collapsed). */
  importHeader: string;
  /** The word found most often in the column's cells. */
  text: string;
}

/**
 * The column whose cells contain a supplied-part word most often (the leftmost on a tie), with that word;
 * null when no cell of a named column contains one. A column whose header repeats an earlier one is the
 * earlier one's (the header row keeps each name once).
 */
export function proposeSuppliedPartColumn(
  headerCells: readonly Cell[],
  rows: readonly (readonly Cell[])[],
): SuppliedPartProposal | null {
  let best: { importHeader: string; text: string; count: number } | null = null;
  const seen = new Set<string>();
  for (const [index, headerCell] of headerCells.entries()) {
    const importHeader = cellText(headerCell).replace(/\s+/g, ' ');
    const key = headerKey(importHeader);
    if (importHeader === '' || seen.has(key)) continue;
    seen.add(key);
    const counts = SUPPLIED_PART_WORDS.map((word) => ({ word, count: 0 }));
    for (const row of rows) {
      const value = cellText(row[index] ?? null).toLowerCase();
      if (value === '') continue;
      for (const entry of counts) if (value.includes(entry.word)) entry.count += 1;
    }
    const top = counts.reduce((a, b) => (b.count > a.count ? b : a));
    if (top.count > 0 && (!best || top.count > best.count)) {
      best = { importHeader, text: top.word, count: top.count };
    }
  }
  return best ? { importHeader: best.importHeader, text: best.text } : null;
}

/**
 * A proposed mapping with the supplied-part column found by its values: that column becomes the
 * isSuppliedPart column (instead of one proposed by its name only) and its word the proposed text. A column
 * the mapping already gives another field keeps it (a description that mentions "Beistellung" stays the
 * description): then nothing changes and no text is proposed.
 */
export function withSuppliedPartColumn(
  mapping: readonly BomFieldMappingEntry[],
  proposal: SuppliedPartProposal | null,
): { mapping: BomFieldMappingEntry[]; suppliedPartString: string | null } {
  if (!proposal) return { mapping: [...mapping], suppliedPartString: null };
  const key = headerKey(proposal.importHeader);
  const current = mapping.find((entry) => headerKey(entry.importHeader) === key);
  if (current) {
    const supplied = current.bomField === 'isSuppliedPart';
    return { mapping: [...mapping], suppliedPartString: supplied ? proposal.text : null };
  }
  return {
    mapping: [
      ...mapping.filter((entry) => entry.bomField !== 'isSuppliedPart'),
      { importHeader: proposal.importHeader, bomField: 'isSuppliedPart' },
    ],
    suppliedPartString: proposal.text,
  };
}
