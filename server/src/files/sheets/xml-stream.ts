import type { Readable } from 'node:stream';
import { XmlScanner } from '../xml/xml-scanner';

export { localName } from '../xml/xml-scanner';

import { WrongFormatError } from './sheet-source';

/**
 * The parts of an .xlsx are parsed with the streaming XmlScanner (the one the BMEcat reader uses): each byte
 * is searched a bounded number of times however the elements are cut into chunks, and only XML's own
 * entities are expanded. OOXML forbids a DOCTYPE, so one is refused before any declaration in it could
 * matter.
 */
export type XmlParser = XmlScanner;

export function createXmlParser(): XmlParser {
  const parser = new XmlScanner();
  parser.on('doctype', () => {
    throw new WrongFormatError('Die Excel-Datei enthält unzulässige XML-Deklarationen.');
  });
  return parser;
}

/**
 * Feeds `stream` to `parser` chunk by chunk and yields after each chunk, so that the caller can hand on what
 * its handlers collected (rows) while the rest is still packed. Ends the document at the end of the stream.
 * `onBytes` counts the unpacked bytes (progress).
 */
export async function* feedXml(
  stream: Readable,
  parser: XmlParser,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<void> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    onBytes?.(chunk.length);
    parser.write(decoder.decode(chunk, { stream: true }));
    yield;
  }
  parser.write(decoder.decode());
  parser.close();
}

/** Parses a whole (small) part, for its handlers' side effects. */
export async function parseXml(stream: Readable, parser: XmlParser): Promise<void> {
  for await (const _ of feedXml(stream, parser)) {
    // the handlers collect what they need
  }
}
