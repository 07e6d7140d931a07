import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { signInBody } from './auth';
import { idListQuery } from './common';
import { companyListQuery } from './company';
import { userBody } from './user';

/** What a person sees of a refused input is plain German, also where a schema names no message itself. */
function messages(result: { error?: z.ZodError }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

const ENGLISH = /invalid|expected|too (big|small)|unrecognized|required/i;

describe('validation messages', () => {
  it('word missing, too long, wrong type, unknown option and bad format in German', () => {
    expect(messages(signInBody.safeParse({}))).toEqual([
      'Bitte füllen Sie dieses Feld aus.',
      'Bitte füllen Sie dieses Feld aus.',
    ]);
    expect(messages(signInBody.safeParse({ email: 'a'.repeat(300), password: 5 }))).toEqual([
      'Höchstens 254 Zeichen.',
      'Dieser Wert hat nicht das erwartete Format.',
    ]);
    expect(messages(companyListQuery.safeParse({ type: 'KÖNIG', paginationSize: 'x', page: '-1' }))).toEqual([
      'Bitte wählen Sie einen der vorgesehenen Werte.',
      'Bitte geben Sie eine Zahl ab 0 ein.',
      'Bitte geben Sie eine Zahl ein.',
    ]);
    expect(messages(idListQuery.safeParse('kein-uuid'))).toEqual(['Diese Kennung ist ungültig.']);
  });

  it('never uses the validator phrasing of zod', () => {
    const inputs: unknown[] = [
      {},
      { name: 1, mail: 'x', phoneNumber: [], admin: 'ja', companyId: 'x' },
      null,
    ];
    for (const input of inputs) {
      for (const message of messages(userBody.safeParse(input))) expect(message).not.toMatch(ENGLISH);
    }
  });
});
