import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SAMPLES } from '../test/enquiry-world';
import { contentCheck, contentMatchesExtension } from './file-content';

const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]);
const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Menge;Nummer', 'utf16le')]);

describe('contentMatchesExtension: an upload is what its extension says', () => {
  it.each([
    ['a.pdf', SAMPLES.pdf, true],
    ['a.PDF', Buffer.concat([Buffer.alloc(100, 0x20), SAMPLES.pdf]), true],
    ['a.pdf', SAMPLES.png, false],
    ['a.pdf', Buffer.alloc(0), false],
    ['a.png', SAMPLES.png, true],
    ['a.png', jpeg, false],
    ['a.jpg', jpeg, true],
    ['a.jpeg', jpeg, true],
    ['a.jpeg', gif, false],
    ['a.gif', gif, true],
    ['a.gif', SAMPLES.png, false],
    ['a.xls', SAMPLES.xls, true],
    ['a.doc', SAMPLES.xls, true],
    ['a.xls', SAMPLES.xlsx, false],
    ['a.xlsx', SAMPLES.xlsx, true],
    ['a.docx', SAMPLES.xlsx, true],
    ['a.xlsx', SAMPLES.exe, false],
    ['a.docx', SAMPLES.xls, false],
    ['a.csv', SAMPLES.csv, true],
    ['a.csv', Buffer.alloc(0), true],
    ['a.txt', utf16, true],
    ['a.csv', SAMPLES.png, false],
    ['a.txt', SAMPLES.exe, false],
    ['a.pau', SAMPLES.exe, true],
    ['a.pvb', SAMPLES.png, true],
    // The project folder's drawings, NC programs, label files and archives.
    ['Montageplatte.nc', Buffer.from('%\nO1000 (MONTAGEPLATTE)\nG90 G21\n', 'latin1'), true],
    ['Montageplatte.nc', SAMPLES.exe, false],
    ['a.gcode', SAMPLES.png, false],
    ['a.dxf', Buffer.from('  0\nSECTION\n  2\nHEADER\n', 'latin1'), true],
    ['a.dxf', Buffer.from('AutoCAD Binary DXF\r\n\x1a\x00', 'latin1'), true],
    ['a.dxf', SAMPLES.exe, false],
    ['a.dwg', Buffer.from('AC1032\x00\x00\x00', 'latin1'), true],
    ['a.dwg', SAMPLES.pdf, false],
    ['a.zip', SAMPLES.xlsx, true],
    ['a.zip', SAMPLES.exe, false],
    ['a.lbx', SAMPLES.xlsx, true],
    ['a.lbl', Buffer.from('Etikett;BMK\n-K1;Schütz\n', 'utf8'), true],
    ['a.lbl', SAMPLES.xls, true],
    ['a.lbl', SAMPLES.exe, false],
    ['a.xml', Buffer.from('<?xml version="1.0"?><Etiketten/>', 'utf8'), true],
  ] as const)('%s with %#', (name, head, expected) => {
    expect(contentMatchesExtension(name, head)).toBe(expected);
  });

  it('a PDF header after the first KB does not count', () => {
    expect(contentMatchesExtension('a.pdf', Buffer.concat([Buffer.alloc(1024, 0x20), SAMPLES.pdf]))).toBe(
      false,
    );
  });
});

async function through(name: string, chunks: Buffer[]): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(contentCheck(name))) out.push(chunk as Buffer);
  return Buffer.concat(out);
}

describe('contentCheck', () => {
  it('passes every byte through unchanged, whatever the chunking', async () => {
    const big = Buffer.concat([SAMPLES.pdf, Buffer.alloc(5000, 0x41)]);
    const chunks = [big.subarray(0, 3), big.subarray(3, 700), big.subarray(700, 2000), big.subarray(2000)];
    expect((await through('a.pdf', chunks)).equals(big)).toBe(true);
    expect((await through('a.csv', [SAMPLES.csv])).equals(SAMPLES.csv)).toBe(true);
  });

  it('fails on a mismatch, also when the file is shorter than the bytes looked at', async () => {
    await expect(through('Plan.pdf', [SAMPLES.png])).rejects.toThrow('„Plan.pdf“ ist keine PDF-Datei');
    const late = [Buffer.from('eine;Zeile\n'.repeat(50)), Buffer.from([0, 1, 2]), Buffer.alloc(2000, 0x41)];
    await expect(through('Liste.csv', late)).rejects.toThrow('keine Textdatei (CSV)');
    // Beyond the first KB nothing is looked at (a text file is not read whole).
    const beyond = [Buffer.from('eine;Zeile\n'.repeat(100)), Buffer.from([0, 1, 2])];
    expect((await through('Liste.csv', beyond)).length).toBe(1103);
  });
});
