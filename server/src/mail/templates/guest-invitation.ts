import type { MailMessage } from '../mailer';
import { greetingFor, PORTAL_NAME, renderMail } from './layout';
import { passwordResetLink } from './password-reset';

/** Which project folder a guest is invited to, and by whom (SPEC §2 project folder, invite form). */
export interface GuestFolderInvitation {
  folderId: string;
  /** The project's name (the enquiry's title). */
  projectTitle: string;
  /** The folder as its page names it (reference number, customer). */
  folderLabel: string;
  invitingCompany: string;
  invitingPerson: string;
}

/**
 * The link of a guest's invitation: the reset flow of `/action` with the folder, where the guest lands signed
 * in once the password is set.
 */
export function guestInvitationLink(baseUrl: string, code: string, folderId: string): string {
  const url = new URL(passwordResetLink(baseUrl, code));
  url.searchParams.set('folder', folderId);
  return url.toString();
}

/**
 * A person without an account is invited to a project folder: names the project, the inviting company and
 * person; the link sets the first password and opens the folder.
 */
export function guestInvitationMail(input: {
  to: string;
  baseUrl: string;
  code: string;
  validDays: number;
  folder: GuestFolderInvitation;
}): MailMessage {
  const { folder } = input;
  return renderMail(input.to, {
    subject: `Einladung zum Projektordner „${folder.projectTitle}“ von ${folder.invitingCompany}`,
    greeting: greetingFor(''),
    paragraphs: [
      `${folder.invitingPerson} von ${folder.invitingCompany} hat Sie zum Projektordner des Projekts „${folder.projectTitle}“ im ${PORTAL_NAME} eingeladen.`,
      'Über den folgenden Link legen Sie Ihr Passwort fest; danach sind Sie angemeldet und sehen die Dateien des Projekts.',
    ],
    facts: [
      ['Projekt', folder.projectTitle],
      ['Projektordner', folder.folderLabel],
      ['Eingeladen von', `${folder.invitingPerson}, ${folder.invitingCompany}`],
    ],
    action: {
      label: 'Passwort festlegen und Ordner öffnen',
      url: guestInvitationLink(input.baseUrl, input.code, folder.folderId),
    },
    after: [
      `Der Link ist ${input.validDays} Tage gültig und kann nur einmal verwendet werden. Danach melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.`,
    ],
  });
}
