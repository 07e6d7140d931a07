import { describe, expect, it } from 'vitest';
import { changedMeanwhileMessage, nextLastUpdate, UNKNOWN_EDITOR } from './last-update';

describe('changedMeanwhileMessage', () => {
  it('names the person who changed the record last', () => {
    expect(changedMeanwhileMessage('Erika Mustermann')).toBe(
      'Dieser Eintrag wurde inzwischen von Erika Mustermann geändert. Bitte laden Sie die Seite neu; Ihre Eingaben bleiben bis dahin im Formular.',
    );
  });

  it('says "einem anderen Nutzer" when the editor is not known', () => {
    for (const name of [null, undefined, '', '  ']) {
      expect(changedMeanwhileMessage(name)).toContain(`von ${UNKNOWN_EDITOR} geändert`);
    }
  });
});

describe('nextLastUpdate', () => {
  it('is now when the loaded state is older', () => {
    const now = new Date('2026-11-26T20:47:21.500Z');
    expect(nextLastUpdate('2026-11-26T20:47:21.123Z', now)).toEqual(now);
  });

  it('is one millisecond after the loaded state when the clock has not moved on', () => {
    const now = new Date('2026-11-26T20:47:21.123Z');
    expect(nextLastUpdate('2026-11-26T20:47:21.123Z', now).toISOString()).toBe('2026-11-26T20:47:21.124Z');
    expect(nextLastUpdate(new Date('2026-11-26T20:47:21.200Z'), now).toISOString()).toBe(
      '2026-11-26T20:47:21.201Z',
    );
  });
});
