import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { importErrorMessage } from './ImportDialog';

describe('importErrorMessage (SPEC §8 import errors)', () => {
  const t = (key: string) => `text:${key}`;
  it('names 409 already running, 424 upload failed, 417 as the server explains it, else the default', () => {
    expect(importErrorMessage(new ApiError(409, 'ARTICLE_IMPORT_RUNNING', 'x'), t)).toBe('text:errors.409');
    expect(importErrorMessage(new ApiError(424, 'ARTICLE_IMPORT_UPLOAD_FAILED', 'x'), t)).toBe(
      'text:errors.424',
    );
    expect(importErrorMessage(new ApiError(417, 'ARTICLE_IMPORT_WRONG_FORMAT', 'Spalte fehlt'), t)).toBe(
      'Spalte fehlt',
    );
    expect(importErrorMessage(new Error('Netzwerk'), t)).toBe('text:errors.default');
  });
});
