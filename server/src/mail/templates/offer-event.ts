import { REJECTION_REASON_LABELS, type RejectionReason } from '@portal/domain/schemas/offer';
import type { MailMessage } from '../mailer';
import { greetingFor, PORTAL_NAME, renderMail } from './layout';

/**
 * The mails of an offer's transitions (SPEC §4). Released -> the customer's users; accepted and
 * declined -> the supplier's users; confirmed -> the customer's users. No price or other company's data
 * beyond the counterpart's name: the mail leads into the portal, where the rights are checked.
 */
export type OfferMailEvent = 'released' | 'accepted' | 'declined' | 'confirmed';

export interface OfferMailInput {
  to: string;
  name: string;
  event: OfferMailEvent;
  /** The offer number, else the reference number, else the enquiry title. */
  offerLabel: string;
  version: number;
  enquiryTitle: string;
  counterpartName: string;
  rejectionReason?: RejectionReason | null;
  rejectionReasonIndividual?: string | null;
  /** Where the button leads, e.g. https://portal/order/<id>. */
  url: string;
}

const SUBJECTS: Record<OfferMailEvent, string> = {
  released: 'Neues Angebot',
  accepted: 'Angebot angenommen',
  declined: 'Angebot abgelehnt',
  confirmed: 'Auftrag bestätigt',
};

function sentence(input: OfferMailInput): string {
  const offer = `„${input.offerLabel}“ (Version ${input.version}) zu Ihrer Anfrage „${input.enquiryTitle}“`;
  switch (input.event) {
    case 'released':
      return `${input.counterpartName} hat Ihnen das Angebot ${offer} gesendet.`;
    case 'accepted':
      return `${input.counterpartName} hat Ihr Angebot „${input.offerLabel}“ (Version ${input.version}) zur Anfrage „${input.enquiryTitle}“ angenommen und bestellt. Die Bestellung bindet den Kunden zwei Wochen; bitte bestätigen Sie den Auftrag mit Ihrer Auftragsbestätigung.`;
    case 'declined':
      return `${input.counterpartName} hat Ihr Angebot „${input.offerLabel}“ (Version ${input.version}) zur Anfrage „${input.enquiryTitle}“ abgelehnt.`;
    case 'confirmed':
      return `${input.counterpartName} hat Ihre Bestellung zum Angebot ${offer} bestätigt. Der Vertrag ist damit geschlossen.`;
  }
}

export function offerEventMail(input: OfferMailInput): MailMessage {
  const reason =
    input.event === 'declined' && input.rejectionReason
      ? input.rejectionReason === 'INDIVIDUAL'
        ? (input.rejectionReasonIndividual ?? REJECTION_REASON_LABELS.INDIVIDUAL)
        : REJECTION_REASON_LABELS[input.rejectionReason]
      : null;
  return renderMail(input.to, {
    subject: `${SUBJECTS[input.event]}: ${input.offerLabel} – ${PORTAL_NAME}`,
    greeting: greetingFor(input.name),
    paragraphs: [sentence(input)],
    ...(reason ? { facts: [['Ablehnungsgrund', reason]] as [string, string][] } : {}),
    action: { label: 'Im Portal öffnen', url: input.url },
  });
}
