import { describe, expect, it } from 'vitest';
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
