import { z } from 'zod';
import { COMPANY_TYPES, DEFAULT_PAGE_SIZE } from '../enums';
import { changeEntry } from './change-entry';
import { booleanQuery, idListQuery, isoDate, searchText, text } from './common';

const required = (label: string) => text().trim().min(1, `${label} ist ein Pflichtfeld.`).max(200);

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

export const companyBody = z
  .object({
    name: required('Name'),
    type: z.enum(SELECTABLE_COMPANY_TYPES, { message: 'Bitte wählen Sie einen Typ.' }),
    customerNumber: text().trim().max(50).nullish(),
    street: required('Straße'),
    houseNo: required('Hausnummer').max(20),
    zip: required('PLZ').max(20),
    city: required('Ort'),
    additionalInfo: text().trim().max(2000).default(''),
  })
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

export const companyUpdateBody = z.object({ id: z.uuid() }).and(companyBody);

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
