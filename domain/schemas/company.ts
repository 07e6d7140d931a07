import { z } from 'zod';
import { COMPANY_TYPES, DEFAULT_PAGE_SIZE } from '../enums';
import { changeEntry } from './change-entry';
import { booleanQuery, idListQuery, isoDate, loadedLastUpdate, nameText, searchText, text } from './common';

const required = (label: string) => nameText().trim().min(1, `${label} ist ein Pflichtfeld.`).max(200);

export const companyAddress = z.object({
  street: z.string(),
  houseNo: z.string(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
});

export const companyResponse = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(COMPANY_TYPES),
  active: z.boolean(),
  pendingRegistration: z.boolean(),
  additionalInfo: z.string(),
  customerNumber: z.string().nullable(),
  address: companyAddress,
  createDate: isoDate,
  lastUpdate: isoDate,
  changeEntries: z.array(changeEntry),
});
export type CompanyResponse = z.infer<typeof companyResponse>;

/** The company form (SPEC §2, §5): EXTERNAL is not selectable; customerNumber only and required for CUSTOMER. */
export const SELECTABLE_COMPANY_TYPES = ['ADMIN', 'CUSTOMER', 'SUPPLIER'] as const;

const ADDRESS_FIELDS = [
  ['street', 'Straße'],
  ['houseNo', 'Hausnummer'],
  ['zip', 'PLZ'],
  ['city', 'Ort'],
] as const;

/**
 * The company form's body. The portal's own "Externe Gäste" company (type EXTERNAL, kept by the server, never
 * chosen in the form) has no address, so its address may stay empty. `active` reactivates
 * (or deactivates) a company from its form.
 */
export const companyBody = z
  .object({
    name: required('Name'),
    type: z.enum(COMPANY_TYPES, { message: 'Bitte wählen Sie einen Typ.' }),
    customerNumber: text().trim().max(50).nullish(),
    street: text().trim().max(200),
    houseNo: text().trim().max(20),
    zip: text().trim().max(20),
    city: text().trim().max(200),
    additionalInfo: text().trim().max(2000).default(''),
    active: z.boolean().optional(),
  })
  .superRefine(
    (value, ctx) => {
      // Also when other fields are wrong, so that every missing address part is named at once.
      if (value.type === 'EXTERNAL') return;
      for (const [field, label] of ADDRESS_FIELDS) {
        if (value[field] === '') {
          ctx.addIssue({ code: 'custom', path: [field], message: `${label} ist ein Pflichtfeld.` });
        }
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .superRefine((value, ctx) => {
    if (value.type === 'CUSTOMER' && !value.customerNumber) {
      ctx.addIssue({
        code: 'custom',
        path: ['customerNumber'],
        message: 'Kundennummer ist für Kunden ein Pflichtfeld.',
      });
    }
  })
  .transform((value) => ({
    ...value,
    customerNumber: value.type === 'CUSTOMER' ? (value.customerNumber ?? null) : null,
  }));
export type CompanyBody = z.input<typeof companyBody>;

export const companyUpdateBody = z.object({ id: z.uuid(), lastUpdate: loadedLastUpdate }).and(companyBody);

export const companyIdQuery = z.object({ id: z.uuid() });
export const companyDeleteQuery = z.object({ companyId: idListQuery });

export const companyListQuery = z.object({
  search: searchText().optional(),
  type: z.enum(COMPANY_TYPES).optional(),
  /** Only active companies (for the company choice of the user form). */
  activeOnly: booleanQuery.optional(),
  page: z.coerce.number().int().min(0).default(0),
  paginationSize: z.coerce.number().int().min(1).max(500).default(DEFAULT_PAGE_SIZE),
  column: z.enum(['name', 'type', 'city', 'status']).default('name'),
  sortDescending: booleanQuery.default(false),
});

export const companyListItem = companyResponse.omit({ changeEntries: true });
export const companyListResponse = z.object({
  content: z.array(companyListItem),
  totalElements: z.number().int(),
});

export const deleteResult = z.object({ deleted: z.array(z.string()), failed: z.array(z.string()) });
