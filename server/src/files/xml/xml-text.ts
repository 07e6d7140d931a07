/**
 * The character rules of XML 1.0 the scanner needs, kept apart from its state machine: which characters
 * may form a name, which may appear in a document at all, and the five predefined entities plus character
 * references. Nothing else is ever expanded: no document may declare an entity (see xml-scanner.ts).
 */

export class XmlSyntaxError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'XmlSyntaxError';
  }
}

/** 1 for ASCII characters that may start a name, 2 for those that may only continue one. */
const NAME_CHARS = new Uint8Array(128);
for (let code = 0; code < 128; code += 1) {
  const char = String.fromCharCode(code);
  if (/[A-Za-z_:]/.test(char)) NAME_CHARS[code] = 1;
  else if (/[0-9.-]/.test(char)) NAME_CHARS[code] = 2;
}

/** Every character at or above U+0080 is accepted in names: XML allows almost all of them. */
export const isNameStart = (code: number) =>
  code >= 128 ? code !== 0xd7 && code !== 0xf7 : NAME_CHARS[code] === 1;
export const isNameChar = (code: number) => code >= 128 || (NAME_CHARS[code] as number) > 0;
export const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;

export function isWhitespace(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    if (!isSpace(text.charCodeAt(index))) return false;
  }
  return true;
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function characterReference(reference: string): string {
  const code = reference.startsWith('#x')
    ? /^#x[0-9A-Fa-f]{1,6}$/.test(reference)
      ? Number.parseInt(reference.slice(2), 16)
      : Number.NaN
    : /^#[0-9]{1,7}$/.test(reference)
      ? Number.parseInt(reference.slice(1), 10)
      : Number.NaN;
  const allowed =
    code === 0x09 ||
    code === 0x0a ||
    code === 0x0d ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff);
  if (!allowed) throw new XmlSyntaxError(`Ungültiger Zeichenverweis „&${reference.slice(0, 12)};“.`);
  return String.fromCodePoint(code);
}

/** Text or an attribute value with its references resolved; any other `&name;` is refused. */
export function decodeReferences(text: string): string {
  let ampersand = text.indexOf('&');
  if (ampersand === -1) return text;
  let decoded = '';
  let from = 0;
  while (ampersand !== -1) {
    const semicolon = text.indexOf(';', ampersand);
    const reference = semicolon === -1 ? '' : text.slice(ampersand + 1, semicolon);
    if (semicolon === -1 || reference.length > 12) {
      throw new XmlSyntaxError('Ein „&“ steht ohne Entität; im Text muss es „&amp;“ heißen.');
    }
    const predefined = PREDEFINED[reference];
    let replacement: string;
    if (predefined !== undefined && Object.hasOwn(PREDEFINED, reference)) replacement = predefined;
    else if (reference.startsWith('#')) replacement = characterReference(reference);
    else {
      throw new XmlSyntaxError(
        `Die Entität „&${reference};“ ist nicht definiert (nur die fünf von XML sind erlaubt).`,
      );
    }
    decoded += text.slice(from, ampersand) + replacement;
    from = semicolon + 1;
    ampersand = text.indexOf('&', from);
  }
  return decoded + text.slice(from);
}
