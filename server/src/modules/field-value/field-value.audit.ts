import { creationFields, diffFields } from '@portal/domain/rules/change-diff';
import type { DbOrTx } from '../../db/client';
import { recordChanges } from '../audit';
import type { NamedKind } from './field-value.kinds';

/**
 * A named field value as its change history compares it (SPEC §3 changeEntries): plain values, name
 * variants as one text, references by their names (a person reads "Siemens", not an id).
 */
export type AuditView = Record<string, string | number | null>;

/** The name variants as the history shows them. */
export function variantsText(variants: readonly string[]): string {
  return variants.join(', ');
}

/** Records what changed between `before` (null: just created) and `after` of one item. */
export async function recordNamedChanges(
  tx: DbOrTx,
  entry: { entity: NamedKind['entity']; id: string; userId: string },
  before: AuditView | null,
  after: AuditView,
): Promise<void> {
  const fields = Object.keys(after);
  await recordChanges(
    tx,
    { entityType: entry.entity, entityId: entry.id, userId: entry.userId },
    before ? diffFields(before, after, fields) : creationFields(after, fields),
  );
}
