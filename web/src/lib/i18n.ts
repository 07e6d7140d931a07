import { ERRORS } from '@portal/domain/errors';
// Installs the one German wording of validation problems (domain), also for forms with schemas of their own.
import '@portal/domain/schemas/common';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import account from '../locales/de/account.json';
import article from '../locales/de/article.json';
import auth from '../locales/de/auth.json';
import bom from '../locales/de/bom.json';
import businessData from '../locales/de/business-data.json';
import common from '../locales/de/common.json';
import company from '../locales/de/company.json';
import conversation from '../locales/de/conversation.json';
import enquiry from '../locales/de/enquiry.json';
import fieldvalues from '../locales/de/fieldvalues.json';
import importNs from '../locales/de/import.json';
import legal from '../locales/de/legal.json';
import notification from '../locales/de/notification.json';
import offer from '../locales/de/offer.json';
import user from '../locales/de/user.json';

/** German only (SPEC §1). Feature namespaces beyond these load with their lazy route. */
export const defaultNS = 'common';
export const resources = {
  common,
  auth,
  notification,
  company,
  user,
  account,
  legal,
  article,
  fieldvalues,
  import: importNs,
  enquiry,
  bom,
  offer,
  'business-data': businessData,
  conversation,
} as const;

const errors = Object.fromEntries(Object.entries(ERRORS).map(([code, { message }]) => [code, message]));

void i18n.use(initReactI18next).init({
  lng: 'de',
  fallbackLng: 'de',
  defaultNS,
  ns: [...Object.keys(resources), 'errors'],
  resources: { de: { ...resources, errors } },
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Adds a feature's namespace (imported by the feature's lazy module). */
export function addNamespace(ns: string, bundle: Record<string, unknown>): void {
  if (!i18n.hasResourceBundle('de', ns)) i18n.addResourceBundle('de', ns, bundle, true, true);
}

export default i18n;
