import type { MailMessage } from '../mailer';
import { greetingFor, PORTAL_NAME, renderMail } from './layout';

/**
 * A project folder was shared with someone who already has an account. Names the offer's companies
 * and numbers as the folder page shows them, never prices.
 */
export function folderShareNoticeMail(input: {
  to: string;
  name: string;
  sharedBy: string;
  folderLabel: string;
  endDate: string | null;
  baseUrl: string;
  folderId: string;
}): MailMessage {
  const until = input.endDate
    ? `Die Freigabe gilt bis einschließlich ${input.endDate.split('-').reverse().join('.')}.`
    : 'Die Freigabe gilt ohne Enddatum.';
  return renderMail(input.to, {
    subject: `Projektordner freigegeben: ${input.folderLabel}`,
    greeting: greetingFor(input.name),
    paragraphs: [
      `${input.sharedBy} hat den Projektordner „${input.folderLabel}“ im ${PORTAL_NAME} für Sie freigegeben.`,
      'Melden Sie sich mit Ihrer E-Mail-Adresse an, um die Dateien zu öffnen.',
    ],
    action: { label: 'Projektordner öffnen', url: `${input.baseUrl}/business-data/${input.folderId}` },
    after: [until],
  });
}
