import { z } from 'zod';

export const healthResponse = z.object({ status: z.literal('ok') });
export const metaResponse = z.object({ buildDate: z.string() });
export type MetaResponse = z.infer<typeof metaResponse>;
