import { z } from 'zod';
import { COMPANY_TYPES } from '../enums';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from '../rules/password';
import { normalizePhoneNumber, PHONE_MESSAGE, PHONE_PATTERN } from '../rules/phone';
import { signInResponse } from './auth';
import { changeEntry } from './change-entry';
import { nameText, text } from './common';

/**
 * The accounts area (SPEC §2, §5): registration, password reset by e-mail, profile and password change.
 * The same schemas validate the requests on the server and the forms in the web app.
 */

const required = (label: string, max = 200) =>
  nameText().trim().min(1, `${label} ist ein Pflichtfeld.`).max(max, `${label} ist zu lang.`);

export const mailField = text()
  .trim()
  .toLowerCase()
  .min(1, 'E-Mail ist ein Pflichtfeld.')
  .max(254, 'Die E-Mail-Adresse ist zu lang.')
  .pipe(z.email('Bitte geben Sie eine gültige E-Mail-Adresse ein.'));

export const passwordField = text()
  .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE);

/** SPEC §5: digits, + and - only. */
export const phoneNumberField = required('Telefonnummer', 40)
  .overwrite(normalizePhoneNumber)
  .regex(PHONE_PATTERN, PHONE_MESSAGE);

export const personalData = z.object({
  /** SPEC "name": the first name. */
  name: required('Vorname'),
  lastname: required('Nachname'),
  phoneNumber: phoneNumberField,
});
export type PersonalData = z.infer<typeof personalData>;

export const registerUser = personalData.extend({ mail: mailField, password: passwordField });

export const registerCompany = z.object({
  name: required('Firmenname'),
  street: required('Straße'),
  houseNo: required('Hausnummer', 20),
  zip: required('PLZ', 20),
  city: required('Ort'),
  /** Pre-filled from the register link's `?info=` (e.g. a campaign or a partner). */
  additionalInfo: text().trim().max(2000).optional(),
});

/** POST /api/user/register (SPEC §2 Register, §5: privacy agreement and general terms must be accepted). */
export const registerBody = z.object({
  user: registerUser,
  company: registerCompany,
  acceptPrivacy: z.literal(true, 'Bitte stimmen Sie der Datenschutzerklärung zu.'),
  acceptTerms: z.literal(true, 'Bitte stimmen Sie den Allgemeinen Geschäftsbedingungen zu.'),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** The new user is signed in right away (cookie, and the token for API clients). */
export const registerResponse = signInResponse;

export const successResponse = z.object({ success: z.boolean() });

/** GET /api/user/password/reset?mail= (SPEC §7): the same answer whether or not the address exists. */
export const passwordResetRequestQuery = z.object({ mail: mailField });

/** The code of the reset link (`oobCode`): random, single-use, valid for one hour. */
export const resetCode = text().trim().min(1).max(200);

export const resetCodeQuery = z.object({ oobCode: resetCode });
/** The address the code was issued for; the reset page shows it and sends it back with the new password. */
export const resetCodeResponse = z.object({ mail: z.string() });

/** POST /api/user/password/reset (SPEC §7 mail, password) plus the code of the mail: never without it. */
export const passwordResetBody = z.object({ mail: mailField, password: passwordField, oobCode: resetCode });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

export const profileResponse = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    lastname: z.string(),
    mail: z.string(),
    phoneNumber: z.string(),
    admin: z.boolean(),
    passwordChangeNeeded: z.boolean(),
  }),
  company: z.object({
    id: z.string(),
    name: z.string(),
    type: z.enum(COMPANY_TYPES),
    pendingRegistration: z.boolean(),
    customerNumber: z.string().nullable(),
    street: z.string(),
    houseNo: z.string(),
    zip: z.string(),
    city: z.string(),
  }),
  /** SPEC §1: appointment booking link (BOOKING_URL), for everyone when configured. */
  bookingUrl: z.string().nullable(),
  /** SPEC §1: documentation link (DOCS_URL), for the operator's users only. */
  docsUrl: z.string().nullable(),
  /** SPEC §3 the own user's changeEntries since joining the current company (as the company's admin sees them). */
  changeEntries: z.array(changeEntry),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

/** POST /api/user/profile: the own personal and contact data; the e-mail is read-only. */
export const profileUpdateBody = personalData;
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

export const passwordChangeBody = z.object({
  currentPassword: text().min(1, 'Bitte geben Sie Ihr aktuelles Passwort ein.').max(MAX_PASSWORD_LENGTH),
  newPassword: passwordField,
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;

/** Other sessions end; the caller's session is replaced (new cookie, new bearer token). */
export const passwordChangeResponse = z.object({ token: z.string() });
