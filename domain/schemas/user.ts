import { z } from 'zod';
import { COMPANY_TYPES, DEFAULT_PAGE_SIZE } from '../enums';
import { normalizePhoneNumber, PHONE_MESSAGE, PHONE_PATTERN } from '../rules/phone';
import { changeEntry } from './change-entry';
import { booleanQuery, idListQuery, isoDate, loadedLastUpdate, nameText, searchText, text } from './common';

export const updateCounterQuery = z.object({ userId: text().min(1) });
export const updateCounterResponse = z.object({ loginCounter: z.number().int(), lastLoginAt: isoDate });

const required = (label: string) => nameText().trim().min(1, `${label} ist ein Pflichtfeld.`).max(200);

/** SPEC §5 user form: name, lastname, mail, phoneNumber required; company chosen by the operator. */
export const userBody = z.object({
  name: required('Vorname'),
  lastname: required('Nachname'),
  mail: text().trim().toLowerCase().pipe(z.email('Bitte geben Sie eine gültige E-Mail-Adresse ein.')),
  phoneNumber: required('Telefonnummer')
    .max(40)
    .overwrite(normalizePhoneNumber)
    .regex(PHONE_PATTERN, PHONE_MESSAGE),
  admin: z.boolean().default(false),
  /** Required for the operator; customers' and suppliers' admins always create users of their own company. */
  companyId: z.uuid().optional(),
});
export type UserBody = z.input<typeof userBody>;

export const userUpdateBody = userBody.extend({ id: z.uuid(), lastUpdate: loadedLastUpdate });

export const userCompany = z.object({ id: z.string(), name: z.string(), type: z.enum(COMPANY_TYPES) });

export const userResponse = z.object({
  id: z.string(),
  name: z.string(),
  lastname: z.string(),
  mail: z.string(),
  phoneNumber: z.string(),
  admin: z.boolean(),
  companyId: z.string(),
  company: userCompany,
  passwordChangeNeeded: z.boolean(),
  loginCounter: z.number().int(),
  lastLoginAt: isoDate.nullable(),
  createDate: isoDate,
  lastUpdate: isoDate,
  changeEntries: z.array(changeEntry),
});
export type UserResponse = z.infer<typeof userResponse>;

/** POST /user/: 201 created; 200 when an external guest with that address was assigned to the company instead. */
export const userCreateResponse = userResponse.extend({ assignedExternal: z.boolean() });

/**
 * POST /user/ 202: the address belongs to an external guest and the caller is not the operator. Nothing was
 * changed; only the operator assigns a guest to a company (SPEC §5). Carries no data of the guest.
 */
export const userExternalGuestNotice = z.object({ externalGuest: z.literal(true) });

/** What the web app accepts from POST /user/ (200, 201 or 202). */
export const userCreateResult = z.union([userCreateResponse, userExternalGuestNotice]);

export const USER_SORT_COLUMNS = [
  'lastname',
  'name',
  'mail',
  'companyName',
  'loginCounter',
  'lastLoginAt',
] as const;

export const userListQuery = z.object({
  search: searchText().optional(),
  companyId: z.uuid().optional(),
  page: z.coerce.number().int().min(0).default(0),
  paginationSize: z.coerce.number().int().min(1).max(500).default(DEFAULT_PAGE_SIZE),
  column: z.enum(USER_SORT_COLUMNS).default('lastname'),
  sortDescending: booleanQuery.default(false),
});

export const userListItem = userResponse.omit({ changeEntries: true });
export type UserListItem = z.infer<typeof userListItem>;
export const userListResponse = z.object({ content: z.array(userListItem), totalElements: z.number().int() });

export const userIdQuery = z.object({ id: z.uuid() });
export const userCompanyQuery = z.object({ companyId: z.uuid() });
export const userDeleteQuery = z.object({ userId: idListQuery });
export const userExportQuery = userListQuery
  .omit({ page: true, paginationSize: true })
  .extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

export const lastLoginResponse = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    lastname: z.string(),
    mail: z.string(),
    companyName: z.string(),
    lastLoginAt: isoDate,
  }),
);
