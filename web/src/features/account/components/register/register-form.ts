import { PASSWORD_REPEAT_MISMATCH_MESSAGE, passwordsMatch } from '@portal/domain/rules/password';
import {
  mailField,
  passwordField,
  personalData,
  type RegisterBody,
  registerCompany,
} from '@portal/domain/schemas/account';
import { z } from 'zod';

/** SPEC §2 Register, step 1: name, lastname, phoneNumber. */
export const personStep = personalData;
export type PersonValues = z.infer<typeof personStep>;

/** Step 2: e-mail, password (min 6) and its repetition (SPEC §5 'Diese Passwörter stimmen nicht überein'). */
export const accessStep = z
  .object({ mail: mailField, password: passwordField, passwordRepeat: z.string() })
  .refine((value) => passwordsMatch(value.password, value.passwordRepeat), {
    path: ['passwordRepeat'],
    message: PASSWORD_REPEAT_MISMATCH_MESSAGE,
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type AccessInput = z.input<typeof accessStep>;
export type AccessValues = z.output<typeof accessStep>;

/** Step 3: the company and the two required checkboxes (the submit stays disabled until both are ticked). */
export const companyStep = registerCompany.extend({ acceptPrivacy: z.boolean(), acceptTerms: z.boolean() });
export type CompanyInput = z.input<typeof companyStep>;
export type CompanyValues = z.output<typeof companyStep>;

export const EMPTY_PERSON: PersonValues = { name: '', lastname: '', phoneNumber: '' };
export const EMPTY_ACCESS: AccessInput = { mail: '', password: '', passwordRepeat: '' };
export function emptyCompany(additionalInfo: string): CompanyInput {
  return {
    name: '',
    street: '',
    houseNo: '',
    zip: '',
    city: '',
    additionalInfo,
    acceptPrivacy: false,
    acceptTerms: false,
  };
}

export function toRegisterBody(
  person: PersonValues,
  access: AccessValues,
  company: CompanyValues,
): RegisterBody {
  const { acceptPrivacy, acceptTerms, ...address } = company;
  if (!acceptPrivacy || !acceptTerms) throw new Error('Zustimmungen fehlen');
  return {
    user: { ...person, mail: access.mail, password: access.password },
    company: { ...address, additionalInfo: address.additionalInfo || undefined },
    acceptPrivacy: true,
    acceptTerms: true,
  };
}
