import { describe, expect, it } from 'vitest';
import { creationFields, diffFields } from './change-diff';

describe('diffFields', () => {
  it('lists only the fields that changed, as text', () => {
    const before: Record<string, unknown> = { name: 'Alt GmbH', zip: '12345', active: true, note: '' };
    const after = { name: 'Neu GmbH', zip: '12345', active: false, note: null };
    expect(diffFields(before, after, ['name', 'zip', 'active', 'note'])).toEqual([
      { field: 'name', oldValue: 'Alt GmbH', newValue: 'Neu GmbH' },
      { field: 'active', oldValue: 'true', newValue: 'false' },
    ]);
  });

  it('ignores fields the update does not carry', () => {
    expect(diffFields({ name: 'A', city: 'B' }, { name: 'A' }, ['name', 'city'])).toEqual([]);
  });

  it('creationFields logs every non-empty value', () => {
    expect(creationFields({ name: 'X', city: '' }, ['name', 'city'])).toEqual([
      { field: 'name', oldValue: null, newValue: 'X' },
    ]);
  });
});
