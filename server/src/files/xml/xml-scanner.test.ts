import { describe, expect, it } from 'vitest';
import { XmlScanner, XmlSyntaxError } from './xml-scanner';

/** Every event of a scan as one line each; consecutive text (or CDATA) pieces are joined. */
function scanEvents(chunks: string[], options?: { maxTagChars: number }): string[] {
  const scanner = new XmlScanner(options);
  const events: string[] = [];
  // Pieces of text are joined once the next event comes (joining on each piece would be quadratic).
  let pieces: { kind: string; parts: string[] } | null = null;
  const flush = () => {
    if (pieces) events.push(`${pieces.kind} ${pieces.parts.join('')}`);
    pieces = null;
  };
  const add = (kind: string, value: string) => {
    if (pieces?.kind !== kind) flush();
    pieces ??= { kind, parts: [] };
    pieces.parts.push(value);
  };
  scanner.on('opentag', (tag) => {
    flush();
    events.push(
      `open ${tag.name} ${JSON.stringify(tag.attributes)}${tag.isSelfClosing ? ' /' : ''} @${scanner.line}`,
    );
  });
  scanner.on('closetag', (tag) => {
    flush();
    events.push(`close ${tag.name}`);
  });
  scanner.on('text', (text) => add('text', text));
  scanner.on('cdata', (text) => add('cdata', text));
  scanner.on('doctype', (declaration) => events.push(`doctype ${declaration.trim()}`));
  for (const chunk of chunks) scanner.write(chunk);
  scanner.close();
  flush();
  return events;
}

const DOCUMENT = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE BMECAT SYSTEM "bmecat_new_catalog_1_2.dtd">
<!-- ein Kommentar mit <Tags> und & -->
<BMECAT version="2005" xmlns="http://www.bmecat.org/bmecat/2005">
  <PRODUCT mode='new'>
    <DESCRIPTION_SHORT lang="deu">Klemme 2,5 mm² grün &amp; beige &#x20AC; &#8364; &lt;10&gt; &quot;A&apos;</DESCRIPTION_SHORT>
    <bme:Größe einheit="m&amp;m" hinweis="a>b	c
d"/>
    <DESCRIPTION_LONG><![CDATA[Text mit <b>Markup</b> & ]] Klammern]]></DESCRIPTION_LONG>
    <?verarbeitung hinweis?>
    <EMPTY></EMPTY >
  </PRODUCT>
</BMECAT>
`;

describe('XmlScanner', () => {
  it('reports elements, attributes, leaf text with references resolved and CDATA; skips the rest', () => {
    expect(scanEvents([DOCUMENT])).toEqual([
      'doctype BMECAT SYSTEM "bmecat_new_catalog_1_2.dtd"',
      'open BMECAT {"version":"2005","xmlns":"http://www.bmecat.org/bmecat/2005"} @4',
      // Text before an element's first child is reported (the element could still turn out a leaf).
      'text \n  ',
      'open PRODUCT {"mode":"new"} @5',
      'text \n    ',
      'open DESCRIPTION_SHORT {"lang":"deu"} @6',
      'text Klemme 2,5 mm² grün & beige € € <10> "A\'',
      'close DESCRIPTION_SHORT',
      'open bme:Größe {"einheit":"m&m","hinweis":"a>b c d"} / @7',
      'close bme:Größe',
      'open DESCRIPTION_LONG {} @9',
      'cdata Text mit <b>Markup</b> & ]] Klammern',
      'close DESCRIPTION_LONG',
      'open EMPTY {} @11',
      'close EMPTY',
      'close PRODUCT',
      'close BMECAT',
    ]);
  });

  it('reports the same however the document is cut into chunks', () => {
    const whole = scanEvents([DOCUMENT]);
    for (let cut = 1; cut < DOCUMENT.length; cut += 1) {
      expect(scanEvents([DOCUMENT.slice(0, cut), DOCUMENT.slice(cut)]), `cut at ${cut}`).toEqual(whole);
    }
    expect(scanEvents([...DOCUMENT])).toEqual(whole);
  });

  it('follows comments and CDATA sections far longer than a tag may be, carrying only a few characters', () => {
    const long = 'x'.repeat(3 * 1024 * 1024);
    const document = `<a><!--${long}--><b><![CDATA[${long}]]></b></a>`;
    const chunks = document.match(/[\s\S]{1,1000}/g) ?? [];
    const events = scanEvents(chunks, { maxTagChars: 64 * 1024 });
    expect(events.map((event) => event.slice(0, 20))).toEqual([
      'open a {} @1',
      'open b {} @1',
      `cdata ${'x'.repeat(14)}`,
      'close b',
      'close a',
    ]);
    expect(events[2]).toHaveLength('cdata '.length + long.length);
  });

  it('refuses a tag longer than maxTagChars without waiting for its end', () => {
    const scanner = new XmlScanner({ maxTagChars: 64 * 1024 });
    scanner.write('<a><b c="');
    const write = () => {
      for (let chunk = 0; chunk < 100; chunk += 1) scanner.write('y'.repeat(1024));
    };
    expect(write).toThrow('Ein Tag ist länger als 64 KB');
  });

  it('counts lines across chunks for the tag being reported and for a refusal', () => {
    const scanner = new XmlScanner();
    const lines: number[] = [];
    scanner.on('opentag', () => lines.push(scanner.line));
    scanner.write('<a>\n<b/>\n\n<c');
    expect(() => scanner.write('/>\n<d>\n</d>\n</x>')).toThrow('</x> schließt nicht das offene Element <a>.');
    expect(lines).toEqual([1, 2, 4, 5]);
    expect(scanner.line).toBe(7);
  });

  it.each([
    [
      'an end tag that closes another element',
      '<a><b></a></b>',
      '</a> schließt nicht das offene Element <b>.',
    ],
    ['an end tag without start tag', '</a>', '</a> schließt kein offenes Element.'],
    ['an element never closed', '<a><b/>', 'Die Datei endet, bevor <a> geschlossen ist.'],
    ['two root elements', '<a/><b/>', 'mehr als ein Wurzelelement'],
    ['text before the root', 'Text<a/>', 'Vor dem ersten Element steht Text.'],
    ['text after the root', '<a/>Text', 'Nach dem Wurzelelement folgt noch Text.'],
    ['an entity nobody may declare', '<a>&xxe;</a>', 'Die Entität „&xxe;“ ist nicht definiert'],
    ['a bare ampersand', '<a>AT&T</a>', 'Ein „&“ steht ohne Entität'],
    ['a reference to NUL', '<a>&#0;</a>', 'Ungültiger Zeichenverweis „&#0;“.'],
    ['a reference to a surrogate', '<a>&#xD800;</a>', 'Ungültiger Zeichenverweis'],
    ['an unquoted attribute', '<a b=1/>', 'Der Wert des Attributs b steht nicht in Anführungszeichen.'],
    ['a doubled attribute', '<a b="1" b="2"/>', 'Das Attribut b steht im Tag <a> doppelt.'],
    ['an attribute named __proto__', '<a __proto__="x"/>', 'Ein Attribut heißt __proto__.'],
    ['a < in an attribute', '<a b="<"/>', 'Der Wert des Attributs b enthält „<“.'],
    ['attributes without space between', '<a b="1"c="2"/>', 'Unerwartetes Zeichen im Tag <a>.'],
    ['an attribute without value', '<a b/>', 'Dem Attribut b im Tag <a> fehlt sein Wert.'],
    ['a DOCTYPE declaring entities', '<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>', 'Eigene Deklarationen'],
    ['a DOCTYPE inside the root', '<a><!DOCTYPE a></a>', 'nicht am Anfang des Dokuments'],
    ['a NUL character', '<a>\u0000</a>', 'Die Datei enthält ein Nullzeichen'],
    ['a comment never closed', '<a><!-- offen', 'Die Datei endet in einem Kommentar'],
    ['a CDATA section never closed', '<a><![CDATA[offen', 'Die Datei endet in einem CDATA-Abschnitt'],
    ['CDATA outside the root', '<![CDATA[x]]><a/>', 'Ein CDATA-Abschnitt steht außerhalb der Elemente.'],
    ['a tag cut off', '<a><b', 'Die Datei endet mitten in einem Tag.'],
    ['no element at all', '<?xml version="1.0"?>\n', 'Die Datei enthält kein XML-Element.'],
    ['a space after <', '< a/>', 'Nach „<“ folgt kein Elementname.'],
    ['an unknown declaration', '<!ELEMENT a ANY><a/>', 'Unbekannte Deklaration'],
  ])('refuses %s with a German reason', (_, document, reason) => {
    const scan = () => scanEvents([document]);
    expect(scan).toThrow(XmlSyntaxError);
    expect(scan).toThrow(reason);
  });

  it('refuses writing after the end of the document', () => {
    const scanner = new XmlScanner();
    scanner.write('<a/>');
    scanner.close();
    expect(() => scanner.write('<b/>')).toThrow('Nach dem Ende des Dokuments folgt noch Text.');
  });
});
