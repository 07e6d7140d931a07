import { describe, expect, it } from 'vitest';
import { guestInvitationMail } from './guest-invitation';
import { invitationMail } from './invitation';
import { passwordResetMail } from './password-reset';

/** The plain-text part has no button, so no mail may speak of one there. */
describe('plain-text mails', () => {
  const mails = {
    invitation: invitationMail({
      to: 'neu@firma.de',
      name: 'Greta Gerber',
      companyName: 'Schaltbau GmbH',
      baseUrl: 'https://portal.example',
      code: 'abc',
      validDays: 7,
    }),
    guest: guestInvitationMail({
      to: 'monteur@firma.de',
      baseUrl: 'https://portal.example',
      code: 'abc',
      validDays: 7,
      folder: {
        folderId: '00000000-0000-4000-8000-000000000001',
        projectTitle: 'Schaltschrank Presse 3',
        folderLabel: 'P-2026-17, Muster Maschinenbau GmbH',
        invitingCompany: 'Schaltbau GmbH',
        invitingPerson: 'Greta Gerber',
      },
    }),
    reset: passwordResetMail({
      to: 'neu@firma.de',
      name: 'Greta Gerber',
      link: 'https://portal.example/reset?code=abc',
    }),
  };

  it.each(Object.entries(mails))('%s: names a link, not a button, and carries the address', (_, mail) => {
    expect(mail.text).not.toMatch(/Schaltfläche|Button|klicken Sie/i);
    expect(mail.text).toMatch(/folgenden Link/);
    expect(mail.text).toContain('https://portal.example/');
  });
});
