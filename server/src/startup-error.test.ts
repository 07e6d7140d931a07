import { describe, expect, it } from 'vitest';
import { describeStartupError } from './startup-error';

describe('describeStartupError', () => {
  it('names the database cause instead of the failed SQL text', () => {
    const cause = new Error('column "position" of relation "article_alternative_numbers" does not exist');
    const error = new Error(`Failed query: insert into "x" values ${'($1), '.repeat(500)}`, { cause });
    expect(describeStartupError(error)).toBe(
      'Das Portal konnte nicht starten.\nDatenbankabfrage fehlgeschlagen\nUrsache: column "position" of relation "article_alternative_numbers" does not exist',
    );
  });

  it('keeps a plain message as it is', () => {
    expect(describeStartupError(new Error('Ungültige Konfiguration'))).toBe(
      'Das Portal konnte nicht starten.\nUngültige Konfiguration',
    );
    expect(describeStartupError('kaputt')).toBe('Das Portal konnte nicht starten.\nkaputt');
  });
});
