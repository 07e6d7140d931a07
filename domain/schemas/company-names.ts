import { z } from 'zod';

/** The companies by name, for filters and choices : no address, no history. */
export const companyName = z.object({ id: z.uuid(), name: z.string(), active: z.boolean() });
export type CompanyName = z.infer<typeof companyName>;
export const companyNamesResponse = z.array(companyName);
