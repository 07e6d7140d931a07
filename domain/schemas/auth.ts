import { z } from 'zod';
import { COMPANY_TYPES } from '../enums';
import { isoDate, text } from './common';

export const signInBody = z.object({
  email: text().trim().min(1).max(254),
  password: text().min(1).max(200),
});
export type SignInBody = z.infer<typeof signInBody>;

export const sessionUser = z.object({
  id: z.string(),
  name: z.string(),
  lastname: z.string(),
  mail: z.string(),
  phoneNumber: z.string(),
  admin: z.boolean(),
  passwordChangeNeeded: z.boolean(),
  loginCounter: z.number().int(),
  lastLoginAt: isoDate.nullable(),
});

export const sessionCompany = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(COMPANY_TYPES),
  active: z.boolean(),
  pendingRegistration: z.boolean(),
});

export const sessionResponse = z.object({ user: sessionUser, company: sessionCompany });
export type SessionResponse = z.infer<typeof sessionResponse>;

/** The session token doubles as the bearer token for API clients (`Authorization: Bearer <token>`). */
export const signInResponse = sessionResponse.extend({ token: z.string() });
export type SignInResponse = z.infer<typeof signInResponse>;
