import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import {
  type ConflictField,
  describeChanges,
  formatFormValue,
  isChangedMeanwhile,
  leafPaths,
  planMerge,
  sameValue,
} from './edit-conflict';

const words = { yes: 'Ja', no: 'Nein', changed: 'geändert' };

describe('sameValue: equal as a person sees the form', () => {
  it('takes empty texts, null and undefined as the same empty value', () => {
    expect(sameValue('', null)).toBe(true);
    expect(sameValue(undefined, '')).toBe(true);
    expect(sameValue('', 'a')).toBe(false);
    expect(sameValue(0, null)).toBe(false);
  });

  it('compares lists and nested objects by their content', () => {
    expect(sameValue(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameValue({ x: { y: 1 } }, { x: { y: 1 } })).toBe(true);
    expect(sameValue({ x: { y: 1 } }, { x: { y: 2 } })).toBe(false);
    expect(sameValue([], null)).toBe(false);
  });
});

describe('leafPaths', () => {
  it('walks nested objects and keeps lists whole', () => {
    expect(leafPaths({ a: 1, spec: { b: 2, c: ['x'] } }, { a: 2, d: 3 }).sort()).toEqual([
      'a',
      'd',
      'spec.b',
      'spec.c',
    ]);
  });
});

describe('planMerge (SPEC §8 "Neu laden")', () => {
  const base = {
    price: null,
    offerNumber: 'A-1',
    note: '',
    spec: { packaging: 'EURO_BOX', wrap: 'STRETCH' },
  };

  it('keeps the own edits of fields the other left alone and takes the other values elsewhere', () => {
    const theirs = { ...base, price: 1200, spec: { ...base.spec, wrap: 'NONE' } };
    const mine = { ...base, offerNumber: 'A-2', spec: { ...base.spec, packaging: 'WOODEN_BOX' } };
    expect(planMerge(base, theirs, mine)).toEqual({
      keep: [
        { path: 'offerNumber', value: 'A-2' },
        { path: 'spec.packaging', value: 'WOODEN_BOX' },
      ],
      clashes: [],
    });
  });

  it('names the fields both changed to different values; the same new value is no clash', () => {
    const theirs = { ...base, price: 1200, offerNumber: 'A-9' };
    const mine = { ...base, price: 990, offerNumber: 'A-9' };
    expect(planMerge(base, theirs, mine)).toEqual({ keep: [], clashes: ['price'] });
  });

  it('has nothing to keep when the form was not edited', () => {
    expect(planMerge(base, { ...base, price: 5 }, { ...base, note: null })).toEqual({
      keep: [],
      clashes: [],
    });
  });
});

describe('describeChanges', () => {
  type Rec = { manufacturerName: string };
  const fields: ConflictField<Rec>[] = [
    { name: 'price', label: 'Preis' },
    { name: 'manufacturerId', label: 'Hersteller', format: (_value, record) => record.manufacturerName },
    { name: 'active', label: 'Aktiv' },
    {
      name: 'spec.packaging',
      label: 'Verpackung',
      format: (value) => (value === 'NONE' ? 'Keine' : 'Eurobox'),
    },
  ];
  const baseValues = {
    price: 10,
    manufacturerId: 'm-1',
    active: true,
    spec: { packaging: 'EURO' },
    hidden: 1,
  };

  it('lists what the other changed with German labels and values as the form shows them', () => {
    const result = describeChanges({
      fields,
      base: { record: { manufacturerName: 'Alt GmbH' }, values: baseValues },
      current: {
        record: { manufacturerName: 'Phoenix Contact' },
        values: {
          ...baseValues,
          price: 1234.5,
          manufacturerId: 'm-2',
          active: false,
          spec: { packaging: 'NONE' },
        },
      },
      mine: { ...baseValues, price: 99 },
      words,
    });
    expect(result.changes).toEqual([
      { name: 'price', label: 'Preis', theirs: '1.234,5', mine: '99' },
      { name: 'manufacturerId', label: 'Hersteller', theirs: 'Phoenix Contact' },
      { name: 'active', label: 'Aktiv', theirs: 'Nein' },
      { name: 'spec.packaging', label: 'Verpackung', theirs: 'Keine' },
    ]);
    expect(result.unlisted).toBe(false);
  });

  it('says so when a value no field names changed, and shows an emptied value as a dash', () => {
    const result = describeChanges({
      fields,
      base: { record: { manufacturerName: 'Alt GmbH' }, values: baseValues },
      current: {
        record: { manufacturerName: '' },
        values: { ...baseValues, manufacturerId: null, hidden: 2 },
      },
      mine: baseValues,
      words,
    });
    expect(result.changes).toEqual([{ name: 'manufacturerId', label: 'Hersteller', theirs: '–' }]);
    expect(result.unlisted).toBe(true);
  });
});

describe('formatFormValue', () => {
  it('never shows raw flags or structures', () => {
    expect(formatFormValue(true, words)).toBe('Ja');
    expect(formatFormValue(false, words)).toBe('Nein');
    expect(formatFormValue(['Hager', '', 'Unex'], words)).toBe('Hager, Unex');
    expect(formatFormValue([], words)).toBe('–');
    expect(formatFormValue({ wholesalerId: 'x' }, words)).toBe('geändert');
    expect(formatFormValue(0.5, words)).toBe('0,5');
  });
});

describe('isChangedMeanwhile', () => {
  it('is the 409 CHANGED_MEANWHILE only', () => {
    expect(isChangedMeanwhile(new ApiError(409, 'CHANGED_MEANWHILE', 'x'))).toBe(true);
    expect(isChangedMeanwhile(new ApiError(409, 'NAME_TAKEN', 'x'))).toBe(false);
    expect(isChangedMeanwhile(new Error('CHANGED_MEANWHILE'))).toBe(false);
  });
});
