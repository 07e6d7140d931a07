import { z } from 'zod';
import { isoDate } from './common';

export const updateCounterQuery = z.object({ userId: z.string().min(1) });
export const updateCounterResponse = z.object({ loginCounter: z.number().int(), lastLoginAt: isoDate });
