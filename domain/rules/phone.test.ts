import { describe, expect, it } from 'vitest';
import { userBody } from '../schemas/user';
import { normalizePhoneNumber, PHONE_PATTERN } from './phone';

describe('phone numbers as Germans write them', () => {
  it.each([
    ['+49 (0)7161 12345', '+49 7161 12345'],
    ['+49(0)7161/12345', '+49 7161-12345'],
    ['07161 / 12345', '07161-12345'],
    ['(07161) 12345', '07161 12345'],
    ['  0711 123-45  ', '0711 123-45'],
  ])('%s becomes %s', (written, stored) => {
    expect(normalizePhoneNumber(written)).toBe(stored);
    expect(stored).toMatch(PHONE_PATTERN);
  });

  it('the user form takes them and still refuses letters', () => {
    const person = { name: 'Greta', lastname: 'Gerber', mail: 'g@firma.de' };
    expect(userBody.parse({ ...person, phoneNumber: '+49 (0)7161 12345' }).phoneNumber).toBe(
      '+49 7161 12345',
    );
    expect(userBody.parse({ ...person, phoneNumber: '07161 / 12345' }).phoneNumber).toBe('07161-12345');
    expect(userBody.safeParse({ ...person, phoneNumber: '07161 Zentrale' }).success).toBe(false);
  });
});
