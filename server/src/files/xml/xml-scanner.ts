import { NO_ATTRIBUTES, readEndTag, readStartTag, type XmlTag } from './xml-tag';
import { decodeReferences, isNameChar, isNameStart, isWhitespace, XmlSyntaxError } from './xml-text';

export type { XmlTag } from './xml-tag';
export { XmlSyntaxError } from './xml-text';

/** `x:row` → `row`, `bmecat:PRODUCT` → `PRODUCT`: some producers write the namespace with a prefix. */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/**
 * A streaming XML scanner for the catalog and spreadsheet readers (SPEC §5 import of BMEcat and .xlsx).
 * Manufacturers' catalogs reach gigabytes, so the document is never held whole: text arrives in chunks and
 * only an unfinished tag (or the few characters an unfinished terminator or entity could need) is carried
 * to the next one. Tags and text boundaries are found with the engine's native `indexOf` rather than a
 * character-by-character state machine, and text between elements (indentation) is skipped unread.
 *
 * It checks what a reader's data depends on (ASVS 5.5.2): every tag closes in order, one root, names and
 * quoted attributes well-formed, no text outside the root, no NUL (which no PostgreSQL text can hold), and
 * only XML's own five entities and character references are expanded. A DOCTYPE declaring anything
 * (`<!DOCTYPE x [ … ]>`: billion laughs, external entities) is refused as soon as its `[` is seen; a bare
 * one naming a DTD goes to the `doctype` handler, and no DTD is ever read. Comments, processing
 * instructions and CDATA sections are followed chunk by chunk, however long; a tag longer than
 * `maxTagChars` is refused. So what is carried stays bounded and the time is linear in the input. Nesting
 * depth is the readers' own limit (the element stack is an array, never recursion). Not checked, as no
 * reader's data depends on them: other control characters, `--` inside comments, `]]>` in text.
 */

interface Handlers {
  opentag?: (tag: XmlTag) => void;
  closetag?: (tag: XmlTag) => void;
  /**
   * Text inside an element before any child opens, references resolved: the value of a leaf element
   * (or whitespace before a first child), possibly in several pieces. Text after a child is not reported.
   */
  text?: (text: string) => void;
  /** The content of a CDATA section, possibly in several pieces. */
  cdata?: (text: string) => void;
  /** The declaration after `<!DOCTYPE`; one with an internal subset is refused after this call. */
  doctype?: (declaration: string) => void;
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
/** Returned by a markup step when the construct continues in the next chunk. */
const INCOMPLETE = -1;
/** Longer than any reference XML knows (`&#x10FFFF;`): an `&` this far from the end is no cut reference. */
const LONGEST_REFERENCE = 12;

/** Constructs whose end is searched for rather than parsed. */
const SPANS = {
  comment: { opening: '<!--', terminator: '-->' },
  instruction: { opening: '<?', terminator: '?>' },
  cdata: { opening: '<![CDATA[', terminator: ']]>' },
} as const;
type Span = keyof typeof SPANS;

export class XmlScanner {
  private readonly handlers: Handlers = {};
  private readonly stack: XmlTag[] = [];
  private buffer = '';
  /** Where scanning continues in `buffer`; everything before it has been handed on. */
  private position = 0;
  /** The comment, processing instruction or CDATA section the scanner is inside, if any. */
  private span: Span | null = null;
  private rootClosed = false;
  /** Since the last start tag, no element opened or closed: text here is that element's value. */
  private inLeaf = false;
  private closed = false;
  private lineNumber = 1;
  private lineCountedTo = 0;
  /** Start of the construct being handled: what `line` refers to. */
  private tokenStart = 0;

  constructor(private readonly options: { maxTagChars: number } = { maxTagChars: 1024 ** 2 }) {}

  on<E extends keyof Handlers>(event: E, handler: NonNullable<Handlers[E]>): void {
    this.handlers[event] = handler;
  }

  /** The line of the tag or text being handled (1-based). */
  get line(): number {
    const until = Math.min(this.tokenStart, this.buffer.length);
    let newline = this.buffer.indexOf('\n', this.lineCountedTo);
    while (newline !== -1 && newline < until) {
      this.lineNumber += 1;
      newline = this.buffer.indexOf('\n', newline + 1);
    }
    this.lineCountedTo = Math.max(this.lineCountedTo, until);
    return this.lineNumber;
  }

  write(chunk: string): void {
    if (this.closed) throw new XmlSyntaxError('Nach dem Ende des Dokuments folgt noch Text.');
    const nul = chunk.indexOf('\u0000');
    if (nul !== -1) {
      this.tokenStart = this.buffer.length + nul;
      throw new XmlSyntaxError('Die Datei enthält ein Nullzeichen, das XML nicht erlaubt.');
    }
    if (this.position >= this.buffer.length) {
      this.tokenStart = this.buffer.length;
      void this.line;
      this.buffer = chunk;
    } else {
      this.tokenStart = this.position;
      void this.line;
      // A flat string: characters are read faster from it than from a concatenation.
      this.buffer = [this.buffer.slice(this.position), chunk].join('');
    }
    this.lineCountedTo = 0;
    this.tokenStart = 0;
    this.position = 0;
    this.scan(false);
    if (this.buffer.length - this.position > this.options.maxTagChars) {
      this.tokenStart = this.position;
      throw new XmlSyntaxError(
        `Ein Tag ist länger als ${Math.round(this.options.maxTagChars / 1024)} KB; so lange Tags werden nicht gelesen.`,
      );
    }
  }

  close(): void {
    this.scan(true);
    this.closed = true;
    this.tokenStart = this.position;
    if (this.span !== null) {
      throw new XmlSyntaxError(
        `Die Datei endet in einem ${SPAN_NAMES[this.span]}, das nicht geschlossen ist.`,
      );
    }
    const open = this.stack.at(-1);
    if (open) throw new XmlSyntaxError(`Die Datei endet, bevor <${open.name}> geschlossen ist.`);
    if (!this.rootClosed) throw new XmlSyntaxError('Die Datei enthält kein XML-Element.');
  }

  /**
   * The loop over one buffer. `</NAME>` closing the open element and `<NAME>` without attributes, which
   * make up nearly all of a catalog, are handled here without further calls.
   */
  private scan(final: boolean): void {
    const buffer = this.buffer;
    const end = buffer.length;
    const stack = this.stack;
    let position = this.position;
    while (position < end) {
      if (this.span !== null) {
        position = this.followSpan(buffer, position, this.span);
        if (this.span !== null) break;
        continue;
      }
      if (buffer.charCodeAt(position) !== LT) {
        this.tokenStart = position;
        position = this.textUntilTag(buffer, position, final);
        if (position === end || buffer.charCodeAt(position) !== LT) break;
      }
      this.tokenStart = position;
      const kind = buffer.charCodeAt(position + 1);
      const open = stack[stack.length - 1];
      if (kind === SLASH) {
        const next = readEndTag(buffer, position, open);
        if (next === INCOMPLETE) break;
        this.closeElement(open as XmlTag);
        position = next;
        continue;
      }
      if (open !== undefined && isNameStart(kind)) {
        let index = position + 2;
        while (index < end && isNameChar(buffer.charCodeAt(index))) index += 1;
        if (buffer.charCodeAt(index) === GT) {
          this.openElement({
            name: buffer.slice(position + 1, index),
            attributes: NO_ATTRIBUTES,
            isSelfClosing: false,
          });
          position = index + 1;
          continue;
        }
      }
      const next = this.markup(buffer, position, final);
      if (next === INCOMPLETE) break;
      position = next;
    }
    this.position = position;
    if (final && position < end && this.span === null) {
      throw new XmlSyntaxError('Die Datei endet mitten in einem Tag.');
    }
  }

  /** Hands on the text from `at` to the next tag; returns where it ends (or what is kept for later). */
  private textUntilTag(buffer: string, at: number, final: boolean): number {
    const tag = buffer.indexOf('<', at);
    if (!this.inLeaf && this.stack.length > 0) {
      // Between elements: indentation, or mixed content no reader uses; skipped unread.
      return tag === -1 ? buffer.length : tag;
    }
    let until = tag;
    if (until === -1) {
      until = buffer.length;
      // A reference cut in two by the chunk waits for its end.
      const ampersand = final ? -1 : buffer.lastIndexOf('&');
      if (ampersand >= at && until - ampersand <= LONGEST_REFERENCE && !buffer.includes(';', ampersand)) {
        until = ampersand;
      }
    }
    if (until > at) this.text(buffer.slice(at, until));
    return until;
  }

  private text(text: string): void {
    if (this.stack.length === 0) {
      if (isWhitespace(text)) return;
      throw new XmlSyntaxError(
        this.rootClosed ? 'Nach dem Wurzelelement folgt noch Text.' : 'Vor dem ersten Element steht Text.',
      );
    }
    this.handlers.text?.(decodeReferences(text));
  }

  /** Inside a comment, processing instruction or CDATA section: up to its end or as far as it is here. */
  private followSpan(buffer: string, at: number, span: Span): number {
    const { terminator } = SPANS[span];
    const found = buffer.indexOf(terminator, at);
    // Without the end, keep the characters that could begin the terminator.
    const until = found === -1 ? Math.max(at, buffer.length - terminator.length + 1) : found;
    if (span === 'cdata' && until > at) this.handlers.cdata?.(buffer.slice(at, until));
    if (found === -1) return until;
    this.span = null;
    return found + terminator.length;
  }

  private markup(buffer: string, at: number, final: boolean): number {
    if (at + 1 >= buffer.length) return INCOMPLETE;
    const kind = buffer.charCodeAt(at + 1);
    if (kind === QUESTION) return this.enterSpan('instruction', at);
    if (kind === BANG) return this.declaration(buffer, at, final);
    const start = readStartTag(buffer, at);
    if (start === null) return INCOMPLETE;
    if (this.stack.length === 0 && this.rootClosed) {
      throw new XmlSyntaxError('Das Dokument hat mehr als ein Wurzelelement.');
    }
    this.openElement(start.tag);
    if (start.tag.isSelfClosing) this.closeElement(start.tag);
    return start.end;
  }

  private enterSpan(span: Span, at: number): number {
    if (span === 'cdata' && this.stack.length === 0) {
      throw new XmlSyntaxError('Ein CDATA-Abschnitt steht außerhalb der Elemente.');
    }
    this.span = span;
    return at + SPANS[span].opening.length;
  }

  private declaration(buffer: string, at: number, final: boolean): number {
    const head = buffer.slice(at, at + 9);
    if (head.startsWith(SPANS.comment.opening)) return this.enterSpan('comment', at);
    if (head === SPANS.cdata.opening) return this.enterSpan('cdata', at);
    if (head === '<!DOCTYPE') return this.doctype(buffer, at);
    const openings = [SPANS.comment.opening, SPANS.cdata.opening, '<!DOCTYPE'];
    if (!final && head.length < 9 && openings.some((opening) => opening.startsWith(head))) return INCOMPLETE;
    throw new XmlSyntaxError('Unbekannte Deklaration nach „<!“.');
  }

  private doctype(buffer: string, at: number): number {
    if (this.stack.length > 0 || this.rootClosed) {
      throw new XmlSyntaxError('Eine DOCTYPE-Angabe steht nicht am Anfang des Dokuments.');
    }
    const close = buffer.indexOf('>', at);
    const subset = buffer.indexOf('[', at);
    if (subset !== -1 && (close === -1 || subset < close)) {
      this.handlers.doctype?.(buffer.slice(at + 9, subset + 1));
      throw new XmlSyntaxError('Eigene Deklarationen in der DOCTYPE-Angabe werden nicht gelesen.');
    }
    if (close === -1) return INCOMPLETE;
    this.handlers.doctype?.(buffer.slice(at + 9, close));
    return close + 1;
  }

  private openElement(tag: XmlTag): void {
    this.stack.push(tag);
    this.inLeaf = true;
    this.handlers.opentag?.(tag);
  }

  private closeElement(tag: XmlTag): void {
    this.stack.pop();
    this.inLeaf = false;
    if (this.stack.length === 0) this.rootClosed = true;
    this.handlers.closetag?.(tag);
  }
}

const SPAN_NAMES: Record<Span, string> = {
  comment: 'Kommentar',
  instruction: 'Verarbeitungshinweis',
  cdata: 'CDATA-Abschnitt',
};
