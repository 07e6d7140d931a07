import { describe, expect, it } from 'vitest';
import { checkFile, normalizeExtensions } from './check-file';

const MB = 1024 * 1024;

function fileOf(name: string, size = 10): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('checkFile', () => {
  const spreadsheets = ['.xlsx', '.xls', '.csv'];

  it('accepts an allowed extension in any case', () => {
    expect(checkFile(fileOf('Stückliste.xlsx'), spreadsheets, 200 * MB)).toBeNull();
    expect(checkFile(fileOf('ALT.XLS'), spreadsheets, 200 * MB)).toBeNull();
    expect(checkFile(fileOf('preise.Csv'), ['.CSV'], 200 * MB)).toBeNull();
  });

  it('rejects another extension with a German reason', () => {
    expect(checkFile(fileOf('bild.png'), spreadsheets, 200 * MB)).toBe(
      'Der Dateityp von „bild.png“ ist nicht erlaubt.',
    );
    expect(checkFile(fileOf('xlsx'), spreadsheets, 200 * MB)).not.toBeNull();
    expect(checkFile(fileOf('liste.xlsx.exe'), spreadsheets, 200 * MB)).not.toBeNull();
  });

  it('rejects a file over the limit, naming the limit in German', () => {
    expect(checkFile(fileOf('gross.csv', 200 * MB + 1), spreadsheets, 200 * MB)).toBe(
      '„gross.csv“ ist zu groß (höchstens 200 MB).',
    );
    expect(checkFile(fileOf('genau.csv', 200 * MB), spreadsheets, 200 * MB)).toBeNull();
  });

  it('allows every type when no extension is given', () => {
    expect(checkFile(fileOf('zeichnung.pdf'), [], MB)).toBeNull();
  });

  it('normalizes extensions given without a dot or in upper case', () => {
    expect(normalizeExtensions(['xlsx', '.CSV', ' .pdf '])).toEqual(['.xlsx', '.csv', '.pdf']);
    expect(checkFile(fileOf('a.xlsx'), ['xlsx'], MB)).toBeNull();
  });
});
