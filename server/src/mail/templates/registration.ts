import type { MailMessage } from '../mailer';
import { greetingFor, PORTAL_NAME, renderMail } from './layout';

export interface RegistrationFacts {
  companyId: string;
  companyName: string;
  street: string;
  houseNo: string;
  zip: string;
  city: string;
  additionalInfo: string;
  userName: string;
  mail: string;
  phoneNumber: string;
}

/** To the newly registered user: received, now waiting for the operator's release (SPEC §4). */
export function registrationReceivedMail(input: {
  to: string;
  name: string;
  companyName: string;
  profileUrl: string;
}): MailMessage {
  return renderMail(input.to, {
    subject: `Ihre Registrierung im ${PORTAL_NAME}`,
    greeting: greetingFor(input.name),
    paragraphs: [
      `vielen Dank für die Registrierung von „${input.companyName}“ im ${PORTAL_NAME}.`,
      'Wir prüfen Ihre Angaben und schalten Ihr Unternehmen so bald wie möglich frei. Bis dahin können Sie sich bereits anmelden und Ihr Profil einsehen.',
    ],
    action: { label: 'Zum Profil', url: input.profileUrl },
  });
}

/** To each administrator of the operator: a company registered itself and waits for release. */
export function registrationNoticeMail(input: {
  to: string;
  name: string;
  facts: RegistrationFacts;
  companyUrl: string;
}): MailMessage {
  const f = input.facts;
  const facts: [string, string][] = [
    ['Unternehmen', f.companyName],
    ['Anschrift', `${f.street} ${f.houseNo}, ${f.zip} ${f.city}`],
    ['Ansprechpartner', f.userName],
    ['E-Mail', f.mail],
    ['Telefon', f.phoneNumber],
  ];
  if (f.additionalInfo) facts.push(['Zusatzinformation', f.additionalInfo]);
  return renderMail(input.to, {
    subject: `Neue Registrierung: ${f.companyName}`,
    greeting: greetingFor(input.name),
    paragraphs: [`ein neues Unternehmen hat sich im ${PORTAL_NAME} registriert und wartet auf die Freigabe:`],
    facts,
    action: { label: 'Registrierung prüfen und freigeben', url: input.companyUrl },
    after: ['Bitte ergänzen Sie bei der Freigabe die Kundennummer.'],
  });
}
