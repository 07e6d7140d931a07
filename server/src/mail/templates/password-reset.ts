import type { MailMessage } from '../mailer';
import { greetingFor, PORTAL_NAME, renderMail } from './layout';

/** The link of the reset mail: `/action` checks the code and forwards to `/reset` (SPEC §2). */
export function passwordResetLink(baseUrl: string, code: string): string {
  const url = new URL('/action', baseUrl);
  url.searchParams.set('mode', 'resetPassword');
  url.searchParams.set('oobCode', code);
  return url.toString();
}

export function passwordResetMail(input: { to: string; name: string; link: string }): MailMessage {
  return renderMail(input.to, {
    subject: `Passwort zurücksetzen – ${PORTAL_NAME}`,
    greeting: greetingFor(input.name),
    paragraphs: [
      `für Ihr Konto im ${PORTAL_NAME} wurde das Zurücksetzen des Passworts angefordert.`,
      'Über den folgenden Link vergeben Sie ein neues Passwort. Danach werden Sie auf allen Geräten abgemeldet.',
    ],
    action: { label: 'Neues Passwort vergeben', url: input.link },
    after: [
      'Der Link ist eine Stunde gültig und kann nur einmal verwendet werden.',
      'Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.',
    ],
  });
}
