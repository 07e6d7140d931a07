import { useTranslation } from 'react-i18next';
import type businessData from '../../locales/de/business-data.json';

/** The project folder's German texts (namespace `business-data`, locales/de/business-data.json), typed. */

type StripPlural<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${StripPlural<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** A key of the folder texts, e.g. 'files.download' (plural keys without their `_one`/`_other`). */
export type FolderTextKey = Leaves<typeof businessData>;

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The typed translation of the project folder texts. */
export function useFolderT(): (key: FolderTextKey, options?: Record<string, unknown>) => string {
  const { t } = useTranslation('business-data' as 'common');
  return t as unknown as Translate;
}
