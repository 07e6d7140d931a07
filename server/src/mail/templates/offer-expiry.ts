import { germanDay } from '@portal/domain/rules/berlin-date';
import type { MailMessage } from '../mailer';
import { greetingFor, PORTAL_NAME, renderMail } from './layout';

export interface OfferExpiryMailInput {
  to: string;
  name: string;
  /** The offer number, else the reference number, else the enquiry title. */
  offerLabel: string;
  version: number;
  enquiryTitle: string;
  customerName: string;
  /** The offer's last valid day ('2030-06-01'). */
  validUntil: string;
  url: string;
}

/**
 * The supplier's reminder the day before its released offer ends (domain/rules/offer-validity.ts): after that
 * day the customer can no longer accept it, so a revision with a new validity is the way to keep it alive.
 */
export function offerExpiryMail(input: OfferExpiryMailInput): MailMessage {
  return renderMail(input.to, {
    subject: `Ihr Angebot ${input.offerLabel} läuft morgen ab – ${PORTAL_NAME}`,
    greeting: greetingFor(input.name),
    paragraphs: [
      `Ihr Angebot „${input.offerLabel}“ (Version ${input.version}) zur Anfrage „${input.enquiryTitle}“ von ${input.customerName} läuft morgen ab.`,
      'Danach kann der Kunde es nicht mehr annehmen. Soll es weiter gelten, überarbeiten Sie das Angebot und geben Sie die neue Version mit einem neuen Datum „gültig bis“ frei.',
    ],
    facts: [['Gültig bis', germanDay(input.validUntil)]],
    action: { label: 'Angebot öffnen', url: input.url },
  });
}

export interface OfferExpiredMailInput extends Omit<OfferExpiryMailInput, 'customerName'> {
  /** Who reads it: the supplier may revise its offer, the customer may ask for a new version. */
  side: 'SUPPLIER' | 'CUSTOMER';
  supplierName: string;
  customerName: string;
}

/**
 * Both sides once a released open offer has passed its last valid day (domain/rules/offer-validity.ts): the
 * customer can no longer accept it; a revision with a new validity is the way on.
 */
export function offerExpiredMail(input: OfferExpiredMailInput): MailMessage {
  const offer = `„${input.offerLabel}“ (Version ${input.version}) zur Anfrage „${input.enquiryTitle}“`;
  const supplier = input.side === 'SUPPLIER';
  return renderMail(input.to, {
    subject: `${supplier ? 'Ihr Angebot' : 'Angebot'} ${input.offerLabel} ist abgelaufen – ${PORTAL_NAME}`,
    greeting: greetingFor(input.name),
    paragraphs: supplier
      ? [
          `Ihr Angebot ${offer} für ${input.customerName} ist abgelaufen und kann nicht mehr angenommen werden.`,
          'Soll es weiter gelten, überarbeiten Sie das Angebot und geben Sie die neue Version mit einem neuen Datum „gültig bis“ frei.',
        ]
      : [
          `Das Angebot ${offer} von ${input.supplierName} ist abgelaufen und kann nicht mehr angenommen werden.`,
          'Möchten Sie es annehmen, bitten Sie den Lieferanten um eine überarbeitete Version, zum Beispiel im Chat des Angebots.',
        ],
    facts: [['Gültig bis', germanDay(input.validUntil)]],
    action: { label: 'Angebot öffnen', url: input.url },
  });
}
