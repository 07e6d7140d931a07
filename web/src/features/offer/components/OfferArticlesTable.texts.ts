import { useTranslation } from 'react-i18next';
import i18n from '../../../lib/i18n';
import texts from './OfferArticlesTable.de.json';

/**
 * The texts of the offer's articles table, its downloads, the comparison and the offer buttons of the enquiry
 * page, deep-merged into the feature's namespace `offer` (see offer-i18n.ts: parts of the feature add their
 * own texts under the same namespace).
 */
i18n.addResourceBundle('de', 'offer', texts, true, false);

type Texts = typeof texts;
export type OfferPartsTextKey = {
  [S in keyof Texts & string]: `${S}.${keyof Texts[S] & string}`;
}[keyof Texts & string];

/** The typed translation of these texts. */
export function useOfferPartsT(): (key: OfferPartsTextKey, options?: Record<string, unknown>) => string {
  const { t } = useTranslation('offer' as 'common');
  return t as unknown as (key: string, options?: Record<string, unknown>) => string;
}
