import type { MailMessage } from '../mailer';
import { greetingFor, PORTAL_NAME, renderMail } from './layout';

export interface DigestMailInput {
  to: string;
  name: string;
  /** The newest unread notifications (texts as the panel shows them), at most {@link DIGEST_LIST_MAX}. */
  texts: string[];
  /** All unread notifications waiting, listed or not. */
  total: number;
  /** The notifications page (/messages). */
  url: string;
  /** The profile, where the summary is switched off. */
  profileUrl: string;
}

export const DIGEST_LIST_MAX = 10;

/**
 * One summary of what has waited unread for 15 minutes (at most one an hour). It names the
 * events as the bell does (company names and titles the receiver sees anyway), never a message's content.
 */
export function notificationDigestMail(input: DigestMailInput): MailMessage {
  const rest = input.total - input.texts.length;
  const subject =
    input.total === 1
      ? `1 ungelesene Benachrichtigung – ${PORTAL_NAME}`
      : `${input.total} ungelesene Benachrichtigungen – ${PORTAL_NAME}`;
  return renderMail(input.to, {
    subject,
    greeting: greetingFor(input.name),
    paragraphs: [
      input.total === 1
        ? 'im Portal wartet eine Benachrichtigung, die Sie noch nicht gelesen haben:'
        : `im Portal warten ${input.total} Benachrichtigungen, die Sie noch nicht gelesen haben:`,
      ...input.texts.map((text) => `• ${text}`),
      ...(rest > 0 ? [rest === 1 ? '… und eine weitere.' : `… und ${rest} weitere.`] : []),
    ],
    action: { label: 'Benachrichtigungen öffnen', url: input.url },
    after: [
      `Diese Zusammenfassung kommt höchstens einmal pro Stunde. Sie können sie in Ihrem Profil abschalten: ${input.profileUrl}`,
    ],
  });
}
