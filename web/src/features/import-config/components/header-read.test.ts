import type { ImportHeaderResponse } from '@portal/domain/schemas/import-config';
import { describe, expect, it } from 'vitest';
import { applyHeaderRead } from './header-read';

const proposal: ImportHeaderResponse['proposal'] = {
  fieldMapping: [
    { importHeader: 'Hersteller', articleField: 'manufacturer' },
    { importHeader: 'Bestellnummer', articleField: 'orderNumber' },
    { importHeader: 'Breite (mm)', articleField: 'width' },
  ],
  unitWidth: 'MM',
  unitHeight: 'CM',
  unitDepth: 'CM',
  unitWeight: 'G',
};

function read(overrides: Partial<ImportHeaderResponse>): ImportHeaderResponse {
  return {
    filename: 'preisliste.xls',
    samplePath: 'importSample/x/preisliste.xls',
    headerRowIndex: 3,
    headerRowProposed: true,
    headers: ['Hersteller', 'Bestellnummer', 'Breite (mm)', 'Art.-Nr.'],
    proposal,
    ...overrides,
  };
}

describe('applyHeaderRead: what the form takes from a header read', () => {
  it('takes the proposed row, mapping and units of a new sample', () => {
    expect(applyHeaderRead([], read({}))).toEqual({
      headerRowIndex: 3,
      headers: ['Hersteller', 'Bestellnummer', 'Breite (mm)', 'Art.-Nr.'],
      fieldMapping: proposal.fieldMapping,
      units: { unitWidth: 'MM', unitHeight: 'CM', unitDepth: 'CM', unitWeight: 'G' },
    });
  });

  it('keeps what the person mapped for a chosen row and adds the proposal only where free', () => {
    const values = applyHeaderRead(
      [
        { importHeader: 'Art.-Nr.', articleField: 'orderNumber' },
        { importHeader: 'Gone', articleField: 'description' },
      ],
      read({ headerRowProposed: false }),
    );
    expect(values.fieldMapping).toEqual([
      { importHeader: 'Art.-Nr.', articleField: 'orderNumber' },
      { importHeader: 'Hersteller', articleField: 'manufacturer' },
      { importHeader: 'Breite (mm)', articleField: 'width' },
    ]);
    expect(values.units).toBeNull();
  });
});
