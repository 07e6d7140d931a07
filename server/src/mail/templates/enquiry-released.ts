import type { MailMessage } from '../mailer';
import { greetingFor, PORTAL_NAME, renderMail } from './layout';

export interface EnquiryReleasedMailInput {
  to: string;
  name: string;
  enquiryTitle: string;
  customerName: string;
  /** YYYY-MM-DD, as the enquiry stores it; null when the customer gave none. */
  desiredDeliveryDate: string | null;
  /** Where the button leads: the enquiry in the portal. */
  url: string;
}

/** "2027-03-27" -> "27.03.2027" (the enquiry's date has no time of day and no time zone). */
function germanDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}.${month}.${year}`;
}

/**
 * SPEC §4 release: the supplier hears of a new enquiry at once, not only in the daily digest. Title,
 * customer and desired date; no files and no BOM: the mail leads into the portal, where the rights are
 * checked.
 */
export function enquiryReleasedMail(input: EnquiryReleasedMailInput): MailMessage {
  const facts: [string, string][] = [['Kunde', input.customerName]];
  if (input.desiredDeliveryDate) facts.push(['Wunschliefertermin', germanDate(input.desiredDeliveryDate)]);
  return renderMail(input.to, {
    subject: `Neue Anfrage: ${input.enquiryTitle} – ${PORTAL_NAME}`,
    greeting: greetingFor(input.name),
    paragraphs: [
      `${input.customerName} hat Ihnen die Anfrage „${input.enquiryTitle}“ gesendet. Sie können sie im Portal ansehen und ein Angebot abgeben.`,
    ],
    facts,
    action: { label: 'Anfrage öffnen', url: input.url },
  });
}
