import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './i18n';

/** A form's validation texts are plain German, also for schemas written in the web app. */
describe('validation texts in the web app', () => {
  const form = z.object({ phone: z.string().max(20), name: z.string(), amount: z.number() });

  it('words too long, missing and wrong type in plain German', () => {
    const result = form.safeParse({ phone: '1'.repeat(21), amount: 'viel' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      phone: 'Höchstens 20 Zeichen.',
      name: 'Bitte füllen Sie dieses Feld aus.',
      amount: 'Bitte geben Sie eine Zahl ein.',
    });
  });
});
