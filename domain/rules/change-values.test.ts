import { describe, expect, it } from 'vitest';
import { type ChangeValueFormat, changeValueKind, presentChangeValue } from './change-values';
import { germanNumber } from './german-number';

const german: ChangeValueFormat = {
  yes: 'Ja',
  no: 'Nein',
  number: (value) => germanNumber(value, 6),
  companyType: (type) => ({ CUSTOMER: 'Kunde', SUPPLIER: 'Lieferant' })[type] ?? type,
};

describe('presentChangeValue: history values as a person reads them', () => {
  it('shows yes/no instead of true/false', () => {
    expect(presentChangeValue('active', 'true', german)).toBe('Ja');
    expect(presentChangeValue('admin', 'false', german)).toBe('Nein');
    expect(presentChangeValue('rohs', 'true', german)).toBe('Ja');
  });

  it('shows the label of a company type', () => {
    expect(presentChangeValue('type', 'CUSTOMER', german)).toBe('Kunde');
  });

  it('shows German numbers, also in the wholesaler prices', () => {
    expect(presentChangeValue('purchasePrice', '1234.5', german)).toBe('1.234,5');
    expect(presentChangeValue('workTime', '0.25', german)).toBe('0,25');
    expect(presentChangeValue('wholesalerInfos', '55.52; 49.9', german)).toBe('55,52; 49,9');
    expect(presentChangeValue('wholesalerInfos', 'Sonepar 3RT2016-1AP01 12.5; Rexel 7', german)).toBe(
      'Sonepar 3RT2016-1AP01 12,5; Rexel 7',
    );
  });

  it('leaves numbers that are names or codes as they are', () => {
    expect(presentChangeValue('zip', '73033', german)).toBe('73033');
    expect(presentChangeValue('eclassNumber', '27371001', german)).toBe('27371001');
    expect(presentChangeValue('orderNumber', '1.5', german)).toBe('1.5');
    expect(changeValueKind('companyId')).toBe('company');
  });
});
