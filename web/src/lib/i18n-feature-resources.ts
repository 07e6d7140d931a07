// The texts of every area beyond the sign-in pages: one chunk, loaded before any such page renders
// (`loadFeatureNamespaces` in ./i18n), so the login page does not download them (ARCHITECTURE §7).
import article from '../locales/de/article.json';
import bom from '../locales/de/bom.json';
import businessData from '../locales/de/business-data.json';
import company from '../locales/de/company.json';
import conversation from '../locales/de/conversation.json';
import enquiry from '../locales/de/enquiry.json';
import fieldvalues from '../locales/de/fieldvalues.json';
import importNs from '../locales/de/import.json';
import legal from '../locales/de/legal.json';
import notification from '../locales/de/notification.json';
import offer from '../locales/de/offer.json';
import pricing from '../locales/de/pricing.json';
import user from '../locales/de/user.json';

export const featureResources = {
  notification,
  company,
  user,
  legal,
  article,
  fieldvalues,
  import: importNs,
  enquiry,
  bom,
  offer,
  pricing,
  'business-data': businessData,
  conversation,
} as const;

export type FeatureResources = typeof featureResources;
