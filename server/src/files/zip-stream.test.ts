import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readZip } from './testing/read-zip';
import { type ZipSource, zipStream } from './zip-stream';

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function source(name: string, content: Buffer, compress: boolean): ZipSource {
  return { name, date: new Date(2026, 4, 17, 10, 30), compress, open: async () => Readable.from([content]) };
}

const text = Buffer.from('Pos;Menge;Bestellnummer\n'.repeat(2000), 'utf8');
const binary = randomBytes(300_000);

describe('zipStream', () => {
  it('writes stored and deflated entries with UTF-8 names that a strict reader takes byte for byte', async () => {
    const archive = await collect(
      zipStream([
        source('Stückliste ä.csv', text, true),
        source('Schaltplan.pdf', binary, false),
        source('leer.txt', Buffer.alloc(0), true),
      ]),
    );
    const entries = await readZip(archive);
    expect(entries.map((entry) => entry.name)).toEqual(['Stückliste ä.csv', 'Schaltplan.pdf', 'leer.txt']);
    expect(entries[0]!.content.equals(text)).toBe(true);
    expect(entries[0]!.method).toBe(8);
    expect(archive.length).toBeLessThan(binary.length + text.length / 10);
    expect(entries[1]!.content.equals(binary)).toBe(true);
    expect(entries[1]!.method).toBe(0);
    expect(entries[2]!.content.length).toBe(0);
  });

  it('writes the Zip64 records of large archives so that readers still find every entry', async () => {
    const archive = await collect(
      zipStream([source('a.csv', text, true), source('b.pdf', binary, false)], { forceZip64: true }),
    );
    const entries = await readZip(archive);
    expect(entries.map((entry) => [entry.name, entry.content.length])).toEqual([
      ['a.csv', text.length],
      ['b.pdf', binary.length],
    ]);
  });

  it('an empty archive is a valid archive', async () => {
    expect(await readZip(await collect(zipStream([])))).toEqual([]);
  });

  it('fails the archive when a source fails, and opens nothing after it', async () => {
    let opened = 0;
    const failing: ZipSource = {
      name: 'kaputt.pdf',
      date: new Date(),
      compress: false,
      open: async () => {
        opened++;
        return new Readable({
          read() {
            this.destroy(new Error('Speicher nicht erreichbar'));
          },
        });
      },
    };
    const later: ZipSource = { ...failing, name: 'danach.pdf' };
    await expect(collect(zipStream([failing, later]))).rejects.toThrow('Speicher nicht erreichbar');
    expect(opened).toBe(1);
  });

  it('closes the open source when the consumer goes away', async () => {
    let destroyed = false;
    const endless = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024));
      },
      destroy(error, callback) {
        destroyed = true;
        callback(error);
      },
    });
    const archive = zipStream([
      { name: 'gross.bin', date: new Date(), compress: false, open: async () => endless },
    ]);
    let received = 0;
    for await (const chunk of archive) {
      received += (chunk as Buffer).length;
      if (received > 256 * 1024) break;
    }
    if (!destroyed) await once(endless, 'close');
    expect(destroyed).toBe(true);
  });
});
