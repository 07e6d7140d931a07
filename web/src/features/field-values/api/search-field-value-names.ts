import { z } from 'zod';
import { api } from '../../../lib/api-client';

const hits = z.array(z.object({ id: z.string(), exactMatch: z.boolean() }));

/**
 * Asks the name search (SPEC §7 `/…/name`) whether `name` is already a name of another item of the kind
 * (discount groups: of the same manufacturer). Used when a variant is confirmed with Enter.
 */
export async function isNameTakenElsewhere(
  base: string,
  name: string,
  ownId: string | undefined,
  manufacturerId?: string,
): Promise<boolean> {
  const found = await api.get(`/${base}/name`, hits, { name, limit: 10, manufacturerId });
  return found.some((hit) => hit.exactMatch && hit.id !== ownId);
}
