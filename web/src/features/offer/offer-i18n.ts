import { useTranslation } from 'react-i18next';
import i18n from '../../lib/i18n';
import offer from '../../locales/de/offer.json';

/** The offer feature's German texts (namespace `offer`, locales/de/offer.json), typed by their keys. */

type StripPlural<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? `${P}${StripPlural<K>}`
    : T[K] extends readonly unknown[]
      ? `${P}${K}`
      : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the offer texts, e.g. 'detail.save' (plural keys without their `_one`/`_other`). */
export type OfferTextKey = Leaves<typeof offer>;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The typed translation of the offer texts. */
export function useOfferT(): (key: OfferTextKey, options?: Record<string, unknown>) => string {
  const { t } = useTranslation('offer' as 'common');
  return t as unknown as Translate;
}

/** The same outside components (schemas, helpers). */
export function offerText(key: OfferTextKey, options?: Record<string, unknown>): string {
  return (i18n.t as unknown as Translate)(`offer:${key}`, options);
}

/** The offer's job conditions (SPEC §4/§9 terms) as a list of sentences. */
export function offerTerms(): string[] {
  return offer.terms.items;
}
