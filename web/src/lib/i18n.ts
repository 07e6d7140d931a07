import { ERRORS } from '@portal/domain/errors';
// Installs the one German wording of validation problems (domain), also for forms with schemas of their own.
import '@portal/domain/schemas/common';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import account from '../locales/de/account.json';
import auth from '../locales/de/auth.json';
import common from '../locales/de/common.json';
import type { FeatureResources } from './i18n-feature-resources';

/**
 * German only (SPEC §1). The sign-in pages' namespaces are bundled; the other areas' texts load as one chunk
 * with `loadFeatureNamespaces` before any other page renders (app/router.tsx).
 */
export const defaultNS = 'common';
const signInResources = { common, auth, account } as const;
/** Every namespace with its keys, for the typed `t` (i18n-types.d.ts). */
export type Resources = typeof signInResources & FeatureResources;

const errors = Object.fromEntries(Object.entries(ERRORS).map(([code, { message }]) => [code, message]));

void i18n.use(initReactI18next).init({
  lng: 'de',
  fallbackLng: 'de',
  defaultNS,
  ns: [...Object.keys(signInResources), 'errors'],
  resources: { de: { ...signInResources, errors } },
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
});

let featureNamespaces: Promise<void> | undefined;

/** Loads the texts of every area beyond the sign-in pages once; the same promise for every caller. */
export function loadFeatureNamespaces(): Promise<void> {
  featureNamespaces ??= import('./i18n-feature-resources').then(({ featureResources }) => {
    for (const [ns, bundle] of Object.entries(featureResources)) {
      if (!i18n.hasResourceBundle('de', ns)) i18n.addResourceBundle('de', ns, bundle, true, true);
    }
  });
  return featureNamespaces;
}

export default i18n;
