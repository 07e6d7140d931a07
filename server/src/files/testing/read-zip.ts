import yauzl from 'yauzl';

export interface UnzippedEntry {
  name: string;
  content: Buffer;
  /** 0 stored, 8 deflated. */
  method: number;
}

/** Reads every entry of a ZIP archive with yauzl (the reader checks CRC-32 and sizes of every entry). */
export function readZip(archive: Buffer): Promise<UnzippedEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(archive, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: UnzippedEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openError, stream) => {
          if (openError) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({
              name: entry.fileName,
              content: Buffer.concat(chunks),
              method: entry.compressionMethod,
            });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
