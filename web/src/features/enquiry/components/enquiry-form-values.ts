import { berlinToday, ISO_DAY } from '@portal/domain/rules/berlin-date';
import { cleanTechnicalSpec } from '@portal/domain/rules/technical-spec';
import { type EnquiryBody, type EnquiryResponse, enquiryBody } from '@portal/domain/schemas/enquiry';
import { defaultTechnicalSpec, type TechnicalSpec } from '@portal/domain/schemas/technical-spec';
import type { Control } from 'react-hook-form';
import { z } from 'zod';
import i18n from '../../../lib/i18n';

/** What the form edits: the enquiry body with empty texts as '' and the date as typed (YYYY-MM-DD). */
export interface EnquiryFormValues {
  title: string;
  referenceNumber: string;
  deliveryCondition: EnquiryBody['deliveryCondition'];
  desiredDeliveryDate: string;
  amount: number | null;
  price: number | null;
  location: string;
  additionalInfo: string;
  technicalSpec: TechnicalSpec;
}

export function emptyEnquiryForm(): EnquiryFormValues {
  return {
    title: '',
    referenceNumber: '',
    deliveryCondition: null,
    desiredDeliveryDate: '',
    amount: 1,
    price: null,
    location: '',
    additionalInfo: '',
    technicalSpec: defaultTechnicalSpec(),
  };
}

export function toEnquiryForm(enquiry: EnquiryResponse): EnquiryFormValues {
  return {
    title: enquiry.title,
    referenceNumber: enquiry.referenceNumber ?? '',
    deliveryCondition: enquiry.deliveryCondition,
    desiredDeliveryDate: enquiry.desiredDeliveryDate ?? '',
    amount: enquiry.amount,
    price: enquiry.price,
    location: enquiry.location ?? '',
    additionalInfo: enquiry.additionalInfo ?? '',
    technicalSpec: enquiry.technicalSpec,
  };
}

/**
 * The form's schema: the API's enquiry body (same messages), the desired delivery date as typed ('' is
 * none) and, when given, after today. A draft saves with only a title; the rest is asked at release.
 */
export const enquiryFormSchema = enquiryBody.extend({
  desiredDeliveryDate: z
    .string()
    .nullish()
    .transform((value, context) => {
      const day = value?.trim();
      if (!day) return null;
      if (!ISO_DAY.test(day) || Number.isNaN(Date.parse(day))) {
        context.addIssue({ code: 'custom', message: i18n.t('enquiry:form.dateInvalid') });
        return z.NEVER;
      }
      if (day <= berlinToday()) {
        context.addIssue({ code: 'custom', message: i18n.t('enquiry:form.datePast') });
        return z.NEVER;
      }
      return day;
    }),
});

export type EnquiryFormControl = Control<EnquiryFormValues, unknown, z.output<typeof enquiryFormSchema>>;

/** The body sent on save: options that do not apply are back at their defaults (SPEC §2, never "as if chosen"). */
export function toEnquiryBody(values: z.output<typeof enquiryFormSchema>): EnquiryBody {
  return { ...values, technicalSpec: cleanTechnicalSpec(values.technicalSpec) };
}
