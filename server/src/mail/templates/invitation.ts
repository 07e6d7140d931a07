import type { MailMessage } from '../mailer';
import { greetingFor, PORTAL_NAME, renderMail } from './layout';
import { passwordResetLink } from './password-reset';

/** A new user is invited to set the first password (through the reset flow of SPEC §2). */
export function invitationMail(input: {
  to: string;
  name: string;
  companyName: string;
  baseUrl: string;
  code: string;
  validDays: number;
}): MailMessage {
  return renderMail(input.to, {
    subject: `Einladung zum ${PORTAL_NAME}`,
    greeting: greetingFor(input.name),
    paragraphs: [
      `für Sie wurde ein Zugang zum ${PORTAL_NAME} für „${input.companyName}“ angelegt.`,
      'Über den folgenden Link legen Sie Ihr Passwort fest; danach melden Sie sich mit Ihrer E-Mail-Adresse an.',
    ],
    action: { label: 'Passwort festlegen', url: passwordResetLink(input.baseUrl, input.code) },
    after: [
      `Der Link ist ${input.validDays} Tage gültig und kann nur einmal verwendet werden. Danach können Sie über „Passwort vergessen“ jederzeit einen neuen anfordern.`,
    ],
  });
}
