/**
 * Settings of every session the portal opens: each connection of the PostgreSQL pool (its startup options)
 * and PGlite's one (its start parameters). Set once per session, so that no statement needs a transaction
 * of its own only to set them.
 *
 * - `jit = off`: the portal's statements are short. The planner guesses 10,000 rows per trigram probe and
 *   so compiled the BOM suggestions with JIT, ~2.9 s of compiling for ~16 ms of work per probe on
 *   1,000,000 articles (EXPLAIN ANALYZE, bench/bom-match.mjs).
 * - `pg_trgm.similarity_threshold = 0.5`: the `%` operator's threshold, used only by the BOM suggestions
 *   (bom-suggestions.repository.ts). pg_trgm's default 0.3 gave some hundred matches per probe against a
 *   catalog of similar numbers and 170–190 ms per probe, 0.5 one or two and 15–30 ms; a key with one
 *   character wrong keeps at least half its trigrams. Set before pg_trgm is loaded, it is taken over when
 *   the extension loads.
 */
const SESSION_SETTINGS: readonly (readonly [string, string])[] = [
  ['jit', 'off'],
  ['pg_trgm.similarity_threshold', '0.5'],
];

/** The settings as `-c name=value` arguments (PGlite's start parameters). */
export const sessionArguments = (): string[] =>
  SESSION_SETTINGS.flatMap(([name, value]) => ['-c', `${name}=${value}`]);

/** The settings as a connection's `options` (libpq's startup options). */
export const sessionOptions = (): string => sessionArguments().join(' ');
