import { decodeReferences, isNameChar, isNameStart, isSpace, XmlSyntaxError } from './xml-text';

/** One element as the scanner reports it when it opens and again when it closes. */
export interface XmlTag {
  name: string;
  /** A plain object (fast to build and read); an attribute named `__proto__` is refused. */
  attributes: Record<string, string>;
  isSelfClosing: boolean;
}

export const NO_ATTRIBUTES: Record<string, string> = Object.freeze({});

const GT = 0x3e;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

/** XML normalises line ends and tabs in attribute values to spaces. */
function attributeValue(raw: string): string {
  const value = decodeReferences(raw);
  return value.includes('\n') || value.includes('\t') || value.includes('\r')
    ? value.replace(/[\t\n\r]/g, ' ')
    : value;
}

/**
 * The start tag at `at` (`<NAME attribute="value" …>` or `…/>`) and the index after it; null when the
 * tag continues beyond `buffer` (the next chunk). Malformed tags throw XmlSyntaxError.
 */
export function readStartTag(buffer: string, at: number): { tag: XmlTag; end: number } | null {
  const end = buffer.length;
  let index = at + 1;
  if (!isNameStart(buffer.charCodeAt(index))) throw new XmlSyntaxError('Nach „<“ folgt kein Elementname.');
  while (index < end && isNameChar(buffer.charCodeAt(index))) index += 1;
  if (index >= end) return null;
  const name = buffer.slice(at + 1, index);
  let attributes = NO_ATTRIBUTES;
  for (;;) {
    const spaced = isSpace(buffer.charCodeAt(index));
    while (index < end && isSpace(buffer.charCodeAt(index))) index += 1;
    if (index >= end) return null;
    const code = buffer.charCodeAt(index);
    if (code === GT) return { tag: { name, attributes, isSelfClosing: false }, end: index + 1 };
    if (code === SLASH) {
      if (index + 1 >= end) return null;
      if (buffer.charCodeAt(index + 1) !== GT) {
        throw new XmlSyntaxError(`Im Tag <${name}> folgt auf „/“ kein „>“.`);
      }
      return { tag: { name, attributes, isSelfClosing: true }, end: index + 2 };
    }
    if (!spaced || !isNameStart(code)) throw new XmlSyntaxError(`Unerwartetes Zeichen im Tag <${name}>.`);
    const nameStart = index;
    while (index < end && isNameChar(buffer.charCodeAt(index))) index += 1;
    const attribute = buffer.slice(nameStart, index);
    while (index < end && isSpace(buffer.charCodeAt(index))) index += 1;
    if (index >= end) return null;
    if (buffer.charCodeAt(index) !== EQUALS) {
      throw new XmlSyntaxError(`Dem Attribut ${attribute} im Tag <${name}> fehlt sein Wert.`);
    }
    index += 1;
    while (index < end && isSpace(buffer.charCodeAt(index))) index += 1;
    if (index >= end) return null;
    const quote = buffer.charCodeAt(index);
    if (quote !== QUOTE && quote !== APOSTROPHE) {
      throw new XmlSyntaxError(`Der Wert des Attributs ${attribute} steht nicht in Anführungszeichen.`);
    }
    const valueEnd = buffer.indexOf(quote === QUOTE ? '"' : "'", index + 1);
    if (valueEnd === -1) return null;
    const raw = buffer.slice(index + 1, valueEnd);
    if (raw.includes('<')) throw new XmlSyntaxError(`Der Wert des Attributs ${attribute} enthält „<“.`);
    if (attribute === '__proto__') throw new XmlSyntaxError('Ein Attribut heißt __proto__.');
    if (attributes === NO_ATTRIBUTES) attributes = {};
    if (Object.hasOwn(attributes, attribute)) {
      throw new XmlSyntaxError(`Das Attribut ${attribute} steht im Tag <${name}> doppelt.`);
    }
    attributes[attribute] = attributeValue(raw);
    index = valueEnd + 1;
  }
}

/**
 * The index after the end tag at `at`, which must close `open`; -1 when its `>` is beyond `buffer`.
 * `</NAME>` is checked without searching; `</NAME >` is allowed too.
 */
export function readEndTag(buffer: string, at: number, open: XmlTag | undefined): number {
  if (open !== undefined) {
    const nameEnd = at + 2 + open.name.length;
    if (buffer.charCodeAt(nameEnd) === GT && buffer.startsWith(open.name, at + 2)) return nameEnd + 1;
  }
  const close = buffer.indexOf('>', at);
  if (close === -1) return -1;
  const nameEnd = at + 2 + (open?.name.length ?? 0);
  let matches = open !== undefined && nameEnd <= close && buffer.startsWith(open.name, at + 2);
  for (let index = nameEnd; matches && index < close; index += 1) {
    matches = isSpace(buffer.charCodeAt(index));
  }
  if (open && matches) return close + 1;
  const name = buffer
    .slice(at + 2, close)
    .trim()
    .slice(0, 60);
  throw new XmlSyntaxError(
    open
      ? `</${name}> schließt nicht das offene Element <${open.name}>.`
      : `</${name}> schließt kein offenes Element.`,
  );
}
