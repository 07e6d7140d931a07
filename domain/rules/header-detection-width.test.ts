import { describe, expect, it } from 'vitest';
import { bomFieldMappingEntry } from '../schemas/bom';
import { isBomHeaderTooWide, MAX_BOM_HEADER_COLUMNS, MAX_BOM_HEADER_LENGTH } from './header-detection-width';

const columns = (count: number) => Array.from({ length: count }, (_, index) => `Spalte ${index + 1}`);

describe('isBomHeaderTooWide', () => {
  it('takes up to 500 columns and refuses the 501st', () => {
    expect(MAX_BOM_HEADER_COLUMNS).toBe(500);
    expect(isBomHeaderTooWide([])).toBe(false);
    expect(isBomHeaderTooWide(columns(500))).toBe(false);
    expect(isBomHeaderTooWide(columns(501))).toBe(true);
  });

  it('takes headers of up to 200 characters and refuses one of 201 among short ones', () => {
    expect(MAX_BOM_HEADER_LENGTH).toBe(200);
    expect(isBomHeaderTooWide(['Menge', 'ä'.repeat(200)])).toBe(false);
    expect(isBomHeaderTooWide(['Menge', 'ä'.repeat(201), 'Bestellnummer'])).toBe(true);
  });

  it('lets through exactly the headers a mapping can name', () => {
    const longest = 'x'.repeat(MAX_BOM_HEADER_LENGTH);
    expect(bomFieldMappingEntry.safeParse({ importHeader: longest, bomField: 'orderNumber' }).success).toBe(
      true,
    );
    expect(
      bomFieldMappingEntry.safeParse({ importHeader: `${longest}x`, bomField: 'orderNumber' }).success,
    ).toBe(false);
  });
});
