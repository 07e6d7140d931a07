/**
 * The operator of the portal as named in the legal documents (AVV here; imprint, privacy and terms in
 * `web/src/locales/de/legal.json`). An installation replaces these details with its own.
 */
export const OPERATOR = {
  name: 'Portal Betreiber GmbH',
  street: 'Industriestraße 12',
  city: '70565 Stuttgart',
  country: 'Deutschland',
  mail: 'datenschutz@portal-betreiber.de',
  privacyOfficer: 'Datenschutzbeauftragter der Portal Betreiber GmbH, Industriestraße 12, 70565 Stuttgart',
} as const;
