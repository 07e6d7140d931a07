/**
 * SPEC §5 article alternatives (possibleOrderNumbers / possibleManufacturerNumbers): trimmed, confirmed
 * with Enter, unique within the list and never equal to the article's own number. The same rules run in
 * the form's alternatives panel and in the request schema on the server.
 */

/** The most characters an order, manufacturer or alternative number may have. */
export const MAX_ARTICLE_NUMBER_LENGTH = 200;

/** At most this many alternatives of one kind per article. */
export const MAX_ALTERNATIVES = 200;

/** SPEC §5: numbers are trimmed before they are compared or stored. */
export function cleanArticleNumber(value: string): string {
  return value.normalize('NFC').trim();
}

/**
 * Comparison key of an article number: trimmed and lower-cased, so that '3rt2015-1bb41' and
 * '3RT2015-1BB41' are the same number (the database compares `lower(number)` alike).
 */
export function articleNumberKey(value: string): string {
  return cleanArticleNumber(value).toLowerCase();
}

export type AlternativeProblem = 'empty' | 'tooLong' | 'duplicate' | 'ownNumber' | 'tooMany';

export const ALTERNATIVE_MESSAGES: Record<AlternativeProblem, string> = {
  empty: 'Bitte geben Sie eine Nummer ein.',
  tooLong: `Höchstens ${MAX_ARTICLE_NUMBER_LENGTH} Zeichen.`,
  duplicate: 'Diese Nummer ist bereits als Alternative eingetragen.',
  ownNumber: 'Die Alternative darf nicht der eigenen Nummer des Artikels entsprechen.',
  tooMany: `Höchstens ${MAX_ALTERNATIVES} Alternativen.`,
};

export type AddAlternativeResult =
  | { ok: true; alternatives: string[] }
  | { ok: false; problem: AlternativeProblem; message: string };

function problemOf(
  candidate: string,
  others: readonly string[],
  ownNumber: string | null | undefined,
): AlternativeProblem | null {
  if (candidate === '') return 'empty';
  if (candidate.length > MAX_ARTICLE_NUMBER_LENGTH) return 'tooLong';
  const key = articleNumberKey(candidate);
  if (ownNumber && articleNumberKey(ownNumber) === key) return 'ownNumber';
  if (others.some((other) => articleNumberKey(other) === key)) return 'duplicate';
  return null;
}

/** The panel's Enter: the trimmed candidate is appended, or refused with a German reason. */
export function addAlternative(
  alternatives: readonly string[],
  candidate: string,
  ownNumber: string | null | undefined,
): AddAlternativeResult {
  const cleaned = cleanArticleNumber(candidate);
  const problem =
    alternatives.length >= MAX_ALTERNATIVES ? 'tooMany' : problemOf(cleaned, alternatives, ownNumber);
  if (problem) return { ok: false, problem, message: ALTERNATIVE_MESSAGES[problem] };
  return { ok: true, alternatives: [...alternatives, cleaned] };
}

/**
 * Checks a whole list as it is saved: for each entry that breaks a rule, its index and the reason
 * (the first occurrence of a number is fine, later repetitions are duplicates).
 */
export function alternativeProblems(
  alternatives: readonly string[],
  ownNumber: string | null | undefined,
): { index: number; problem: AlternativeProblem; message: string }[] {
  const problems: { index: number; problem: AlternativeProblem; message: string }[] = [];
  alternatives.forEach((value, index) => {
    const problem = problemOf(cleanArticleNumber(value), alternatives.slice(0, index), ownNumber);
    if (problem) problems.push({ index, problem, message: ALTERNATIVE_MESSAGES[problem] });
  });
  return problems;
}

/**
 * Adds a remembered number (SPEC §4 manual assignment) to a list: nothing happens when it is empty, the
 * article's own number or already listed. Returns the new list, or null when nothing was added.
 */
export function rememberAlternative(
  alternatives: readonly string[],
  candidate: string | null | undefined,
  ownNumber: string | null | undefined,
): string[] | null {
  if (!candidate) return null;
  const result = addAlternative(alternatives, candidate, ownNumber);
  return result.ok ? result.alternatives : null;
}
