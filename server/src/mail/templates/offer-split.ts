import type { MailMessage } from '../mailer';
import { greetingFor, PORTAL_NAME, renderMail } from './layout';

/**
 * The mails of an award split by line: each supplier hears of its own order (its lines only, never the other
 * suppliers), the customer's users get the list of the orders it placed. No prices: the mail leads into the
 * portal, where the rights are checked.
 */

export interface SplitOrderSupplierMailInput {
  to: string;
  name: string;
  customerName: string;
  enquiryTitle: string;
  /** The offer number the supplier released, and the order's number with its suffix. */
  offerLabel: string;
  orderLabel: string;
  lineCount: number;
  offeredLines: number;
  url: string;
}

const lines = (n: number) => (n === 1 ? '1 Zeile' : `${n.toLocaleString('de-DE')} Zeilen`);

export function splitOrderSupplierMail(input: SplitOrderSupplierMailInput): MailMessage {
  return renderMail(input.to, {
    subject: `Teilauftrag erhalten: ${input.orderLabel} – ${PORTAL_NAME}`,
    greeting: greetingFor(input.name),
    paragraphs: [
      `${input.customerName} hat die Anfrage „${input.enquiryTitle}“ zeilenweise vergeben und bei Ihnen ${lines(input.lineCount)} Ihres Angebots „${input.offerLabel}“ bestellt. Die übrigen Zeilen wurden anderweitig vergeben.`,
      'Die Bestellung bindet den Kunden zwei Wochen; bitte bestätigen Sie den Auftrag mit Ihrer Auftragsbestätigung.',
    ],
    facts: [
      ['Auftrag', input.orderLabel],
      ['Bestellte Zeilen', `${lines(input.lineCount)} von ${lines(input.offeredLines)} Ihres Angebots`],
    ],
    action: { label: 'Auftrag öffnen', url: input.url },
  });
}

export interface SplitOrderCustomerMailInput {
  to: string;
  name: string;
  enquiryTitle: string;
  orders: { orderLabel: string; supplierName: string; lineCount: number }[];
  url: string;
}

export function splitOrderCustomerMail(input: SplitOrderCustomerMailInput): MailMessage {
  return renderMail(input.to, {
    subject: `Auftrag aufgeteilt: ${input.enquiryTitle} – ${PORTAL_NAME}`,
    greeting: greetingFor(input.name),
    paragraphs: [
      `Ihre Anfrage „${input.enquiryTitle}“ wurde zeilenweise vergeben. Jeder Lieferant erhält einen eigenen Auftrag mit seinen Zeilen und Ihrer Bestellung; die übrigen offenen Angebote wurden mit „Auftrag anderweitig vergeben“ abgelehnt.`,
    ],
    facts: input.orders.map(({ orderLabel, supplierName, lineCount }) => [
      `Auftrag ${orderLabel}`,
      `${supplierName}, ${lines(lineCount)}`,
    ]),
    action: { label: 'Aufträge öffnen', url: input.url },
  });
}
