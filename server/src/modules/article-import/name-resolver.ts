import { nameKey } from '@portal/domain/rules/name-variants';

/** Asks the names index for the items of these keys (a query, or a message to the thread that can query). */
export type NameLookup = (keys: string[]) => Promise<{ key: string; id: string }[]>;

/**
 * Resolves manufacturer or unit names of a file through the master data's names index (display name,
 * abbreviation, variants; SPEC §5). Each distinct name of a file is looked up once: `prepare` collects the
 * unknown names of a chunk and asks the database in one query; `get` then answers from memory.
 */
export class NameResolver {
  private readonly ids = new Map<string, string | null>();
  /** The key of each name as the file writes it: a catalog repeats a few names a million times. */
  private readonly keys = new Map<string, string>();

  constructor(private readonly lookup: NameLookup) {}

  /** Looks up every name of `names` not seen before, in one query. */
  async prepare(names: Iterable<string>): Promise<void> {
    const missing = new Set<string>();
    for (const name of names) {
      const key = this.keyOf(name);
      if (key !== '' && !this.ids.has(key)) missing.add(key);
    }
    if (missing.size === 0) return;
    const keys = [...missing];
    const rows = await this.lookup(keys);
    for (const key of keys) this.ids.set(key, null);
    for (const row of rows) this.ids.set(row.key, row.id);
  }

  /** The id of a prepared name; null when the master data does not know it. */
  get(name: string): string | null {
    return this.ids.get(this.keyOf(name)) ?? null;
  }

  /** The key of a name as the names index holds it (nameKey), remembered for the names a file repeats. */
  keyOf(name: string): string {
    let key = this.keys.get(name);
    if (key === undefined) {
      key = nameKey(name);
      // Bounded: a column mapped by mistake may hold a different "name" in every row.
      if (this.keys.size < 10_000) this.keys.set(name, key);
    }
    return key;
  }

  /** How many distinct names were looked up (tests: one lookup per distinct name). */
  get size(): number {
    return this.ids.size;
  }
}
