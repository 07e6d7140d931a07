import type { MailMessage } from '../mailer';
import { greetingFor, PORTAL_NAME, renderMail } from './layout';

/** SPEC §4: the operator released the registration; the company's users can now work. */
export function companyReleasedMail(input: {
  to: string;
  name: string;
  companyName: string;
  baseUrl: string;
}): MailMessage {
  return renderMail(input.to, {
    subject: `Ihr Unternehmen ist freigeschaltet – ${PORTAL_NAME}`,
    greeting: greetingFor(input.name),
    paragraphs: [
      `die Registrierung von „${input.companyName}“ im ${PORTAL_NAME} wurde geprüft und freigegeben.`,
      'Ab sofort stehen Ihnen alle Funktionen zur Verfügung: Anfragen mit Stückliste und Schaltplan stellen, Angebote vergleichen und Bestellungen verfolgen.',
    ],
    action: { label: 'Zum Portal', url: new URL('/', input.baseUrl).toString() },
  });
}
