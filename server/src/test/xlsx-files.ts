import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Builds .xlsx files byte by byte for the reader tests and the bench: well-formed ones in the zip variants
 * real programs write (data descriptors, zip64) and hostile ones (zip bombs, lying sizes). No zip library
 * is used on purpose: the point is to control every header field.
 */

export interface ZipPart {
  name: string;
  content: string | Buffer;
  /** Stored without compression (method 0). */
  stored?: boolean;
  /** The uncompressed size the headers claim, when it should differ from the real one. */
  declaredSize?: number;
}

export interface ZipOptions {
  /** Sizes and CRC after the data (general purpose bit 3), as streaming writers do. */
  dataDescriptor?: boolean;
  /** Zip64 extra fields for every entry and the zip64 end records, as for files over 4 GB. */
  zip64?: boolean;
}

const MAX32 = 0xffffffff;

function zip64Extra(values: number[]): Buffer {
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((value, index) => {
    extra.writeBigUInt64LE(BigInt(value), 4 + 8 * index);
  });
  return extra;
}

/** A zip archive of `parts`, in the given order. */
export function zipFile(parts: ZipPart[], options: ZipOptions = {}): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  const push = (buffer: Buffer) => {
    chunks.push(buffer);
    offset += buffer.length;
  };
  for (const part of parts) {
    const content = typeof part.content === 'string' ? Buffer.from(part.content, 'utf8') : part.content;
    const data = part.stored ? content : deflateRawSync(content, { level: 9 });
    const size = part.declaredSize ?? content.length;
    const crc = crc32(content);
    const name = Buffer.from(part.name, 'utf8');
    const flags = 0x0800 | (options.dataDescriptor ? 0x0008 : 0);
    const method = part.stored ? 0 : 8;
    const version = options.zip64 ? 45 : 20;
    const localOffset = offset;

    const localExtra = options.zip64
      ? zip64Extra(options.dataDescriptor ? [0, 0] : [size, data.length])
      : null;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(version, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    if (!options.dataDescriptor) {
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(options.zip64 ? MAX32 : data.length, 18);
      local.writeUInt32LE(options.zip64 ? MAX32 : size, 22);
    }
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(localExtra?.length ?? 0, 28);
    push(Buffer.concat([local, name, localExtra ?? Buffer.alloc(0), data]));
    if (options.dataDescriptor) {
      const descriptor = Buffer.alloc(options.zip64 ? 24 : 16);
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc, 4);
      if (options.zip64) {
        descriptor.writeBigUInt64LE(BigInt(data.length), 8);
        descriptor.writeBigUInt64LE(BigInt(size), 16);
      } else {
        descriptor.writeUInt32LE(data.length, 8);
        descriptor.writeUInt32LE(size, 12);
      }
      push(descriptor);
    }

    const centralExtra = options.zip64 ? zip64Extra([size, data.length, localOffset]) : null;
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(version, 4);
    header.writeUInt16LE(version, 6);
    header.writeUInt16LE(flags, 8);
    header.writeUInt16LE(method, 10);
    header.writeUInt16LE(0x21, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(options.zip64 ? MAX32 : data.length, 20);
    header.writeUInt32LE(options.zip64 ? MAX32 : size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt16LE(centralExtra?.length ?? 0, 30);
    header.writeUInt32LE(options.zip64 ? MAX32 : localOffset, 42);
    central.push(Buffer.concat([header, name, centralExtra ?? Buffer.alloc(0)]));
  }
  const directory = Buffer.concat(central);
  const directoryOffset = offset;
  push(directory);
  if (options.zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(parts.length), 24);
    record.writeBigUInt64LE(BigInt(parts.length), 32);
    record.writeBigUInt64LE(BigInt(directory.length), 40);
    record.writeBigUInt64LE(BigInt(directoryOffset), 48);
    const recordOffset = offset;
    push(record);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(recordOffset), 8);
    locator.writeUInt32LE(1, 16);
    push(locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(options.zip64 ? 0xffff : parts.length, 8);
  end.writeUInt16LE(options.zip64 ? 0xffff : parts.length, 10);
  end.writeUInt32LE(options.zip64 ? MAX32 : directory.length, 12);
  end.writeUInt32LE(options.zip64 ? MAX32 : directoryOffset, 16);
  push(end);
  return Buffer.concat(chunks);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The XML of a shared strings part holding `strings`. */
export function sharedStringsXml(strings: string[]): string {
  const items = strings.map((text) => `<si><t xml:space="preserve">${text}</t></si>`).join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${items}</sst>`;
}

/** The XML of a worksheet whose `<sheetData>` holds `rowsXml`. */
export function sheetXml(rowsXml: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheetData>${rowsXml}</sheetData></worksheet>`;
}

/** A minimal workbook: one sheet `xl/worksheets/sheet1.xml`, shared strings when given. */
export function xlsxFile(
  parts: { sheet: string | Buffer; sharedStrings?: string | Buffer; sheetDeclaredSize?: number },
  options: ZipOptions = {},
): Buffer {
  const entries: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      content: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
    },
    {
      name: 'xl/workbook.xml',
      content: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Artikel" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', content: parts.sheet, declaredSize: parts.sheetDeclaredSize },
  ];
  if (parts.sharedStrings !== undefined) {
    entries.push({ name: 'xl/sharedStrings.xml', content: parts.sharedStrings });
  }
  return zipFile(entries, options);
}

/**
 * The zip bomb an outside probe sent: a shared strings part that unpacks to `mib` MiB of blanks and holds no
 * `<si>` element (a 64 MiB part packs into about 64 KB). The sheet is a valid one-row sheet.
 */
export function sharedStringsBomb(mib: number): Buffer {
  const head = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`);
  const tail = Buffer.from('</sst>');
  const blanks = Buffer.alloc(mib * 1024 * 1024 - head.length - tail.length, ' ');
  return xlsxFile({
    sheet: sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>Bestellnummer</t></is></c></row>'),
    sharedStrings: Buffer.concat([head, blanks, tail]),
  });
}

/** Worksheet XML whose first `<row>` stays open for `mib` MiB of blanks (it closes at the very end). */
export function openRowSheet(mib: number): Buffer {
  const head = Buffer.from(sheetXml('<row r="1"><c r="A1"><v>1</v></c>').replace(/<\/sheetData>.*$/, ''));
  const tail = Buffer.from('</row></sheetData></worksheet>');
  const blanks = Buffer.alloc(mib * 1024 * 1024 - head.length - tail.length, ' ');
  return Buffer.concat([head, blanks, tail]);
}

/** A workbook whose only sheet is openRowSheet(mib): a row that never ends, packed to ~1/1000. */
export function openRowBomb(mib: number): Buffer {
  return xlsxFile({ sheet: openRowSheet(mib) });
}
