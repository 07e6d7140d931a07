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
