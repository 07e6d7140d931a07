/**
 * Real files for the demo enquiries, made in code (no binary fixtures in the repository):
 * a one-page circuit diagram as PDF (A3 landscape, drawn with @pdfme/pdf-lib like the AVV) and a BOM as .xlsx and
 * .csv with the columns a cabinet builder's BOM has. The libraries are loaded only when a file is made.
 */

export interface DemoBomLine {
  position: number;
  quantity: number;
  unit: string;
  manufacturer: string;
  orderNumber: string;
  description: string;
  bmk: string;
}

export const DEMO_BOM_LINES: readonly DemoBomLine[] = [
  {
    position: 1,
    quantity: 1,
    unit: 'Stk',
    manufacturer: 'Siemens',
    orderNumber: '3VA2110-5HL32-0AA0',
    description: 'Leistungsschalter 100 A',
    bmk: '-Q1',
  },
  {
    position: 2,
    quantity: 3,
    unit: 'Stk',
    manufacturer: 'Siemens',
    orderNumber: '3RV2011-1AA10',
    description: 'Motorschutzschalter 1,1-1,6 A',
    bmk: '-Q11',
  },
  {
    position: 3,
    quantity: 3,
    unit: 'Stk',
    manufacturer: 'Siemens',
    orderNumber: '3RT2015-1AL21',
    description: 'Schütz 3 kW, AC 230 V',
    bmk: '-K11',
  },
  {
    position: 4,
    quantity: 40,
    unit: 'Stk',
    manufacturer: 'Weidmüller',
    orderNumber: '1055169000',
    description: 'Durchgangsklemme WDU 1.5',
    bmk: '-X2',
  },
  {
    position: 5,
    quantity: 1,
    unit: 'Stk',
    manufacturer: 'Siemens',
    orderNumber: '6ES7214-1AG40-0XB0',
    description: 'CPU 1214C DC/DC/DC',
    bmk: '-A1',
  },
  {
    position: 6,
    quantity: 24,
    unit: 'Stk',
    manufacturer: 'PHOENIX CONTACT GmbH & Co. KG',
    orderNumber: '3203053',
    description: 'Durchgangsreihenklemme UT 2,5',
    bmk: '-X1',
  },
  {
    position: 7,
    quantity: 6,
    unit: 'Stk',
    manufacturer: 'Phoenix-Contact',
    orderNumber: '3030122',
    description: 'Schutzleiterklemme ST 35-PE',
    bmk: '-X1',
  },
  {
    position: 8,
    quantity: 2,
    unit: 'm',
    manufacturer: 'Rittal',
    orderNumber: '8800.500',
    description: 'Verdrahtungskanal 60 x 80',
    bmk: '',
  },
];

export const DEMO_BOM_HEADER = [
  'Pos.',
  'Menge',
  'Einheit',
  'Hersteller',
  'Bestellnummer',
  'Bezeichnung',
  'BMK',
];
const row = (line: DemoBomLine) => [
  line.position,
  line.quantity,
  line.unit,
  line.manufacturer,
  line.orderNumber,
  line.description,
  line.bmk,
];

/** The BOM as an Excel workbook (one sheet "Stückliste", header in row 1). */
export async function demoBomXlsx(): Promise<Buffer> {
  const XLSX = await import('@e965/xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([DEMO_BOM_HEADER, ...DEMO_BOM_LINES.map(row)]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Stückliste');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** The BOM as CSV the way German Excel saves it (semicolons, UTF-8 with byte-order mark). */
export function demoBomCsv(): Buffer {
  const quote = (cell: string | number) => `"${String(cell).replaceAll('"', '""')}"`;
  const lines = [DEMO_BOM_HEADER, ...DEMO_BOM_LINES.map(row)].map((cells) => cells.map(quote).join(';'));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** A one-page main circuit: feed, breaker, three motor feeders with contactors, terminals, title block. */
export async function demoCircuitDiagramPdf(title: string, drawingNumber: string): Promise<Buffer> {
  const { PDFDocument, StandardFonts, rgb } = await import('@pdfme/pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(`Schaltplan ${title}`);
  doc.setAuthor('Muster Maschinenbau GmbH');
  const page = doc.addPage([1190.55, 841.89]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.1);
  const line = (x1: number, y1: number, x2: number, y2: number, thickness = 1) =>
    page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color: ink });
  const text = (value: string, x: number, y: number, size = 9, face = font) =>
    page.drawText(value, { x, y, size, font: face, color: ink });
  const box = (x: number, y: number, width: number, height: number) =>
    page.drawRectangle({ x, y, width, height, borderColor: ink, borderWidth: 1 });

  // Frame and title block
  box(20, 20, 1150, 800);
  box(770, 20, 400, 90);
  text(`Schaltplan ${title}`, 780, 85, 14, bold);
  text(`Zeichnungsnr. ${drawingNumber}   Blatt 1 von 1`, 780, 65);
  text('Muster Maschinenbau GmbH, Göppingen', 780, 48);
  text('Einspeisung und Motorabgänge 400 V AC', 780, 31);

  // Three phases L1-L3 and PE across the page
  const phases = [
    ['L1', 720],
    ['L2', 705],
    ['L3', 690],
    ['PE', 660],
  ] as const;
  for (const [name, y] of phases) {
    line(140, y, 1100, y, name === 'PE' ? 1 : 1.5);
    text(name, 1108, y - 3);
  }
  text('-X0 Einspeisung 3/PE AC 400 V 50 Hz', 40, 760, 10, bold);
  box(60, 680, 50, 50);
  text('-Q1', 68, 700, 10, bold);
  text('100 A', 68, 688, 8);
  for (const [, y] of phases.slice(0, 3)) line(110, y, 140, y, 1.5);

  // Motor feeders
  const feeders = [
    ['M1', 'Pumpe 1', 300],
    ['M2', 'Pumpe 2', 560],
    ['M3', 'Rührwerk', 820],
  ] as const;
  feeders.forEach(([motor, label, x], index) => {
    const n = index + 1;
    for (let phase = 0; phase < 3; phase++) {
      const px = x + phase * 15;
      line(px, phases[phase]![1], px, 560, 1.2);
    }
    box(x - 10, 600, 50, 40);
    text(`-Q1${n}`, x + 50, 625, 10, bold);
    text('3RV2011-1AA10', x + 50, 612, 7);
    box(x - 10, 520, 50, 40);
    text(`-K1${n}`, x + 50, 545, 10, bold);
    text('3RT2015-1BB41', x + 50, 532, 7);
    for (let phase = 0; phase < 3; phase++) {
      const px = x + phase * 15;
      line(px, 520, px, 440, 1.2);
      text(String(3 * index + phase + 1), px - 3, 428, 7);
    }
    box(x - 15, 410, 60, 30);
    text('-X1', x - 40, 420, 9, bold);
    for (let phase = 0; phase < 3; phase++) line(x + phase * 15, 410, x + phase * 15, 330, 1.2);
    page.drawCircle({ x: x + 15, y: 290, size: 40, borderColor: ink, borderWidth: 1.2 });
    text(`${motor}`, x + 5, 295, 12, bold);
    text('3~', x + 8, 278, 10);
    text(`-${motor} ${label}`, x - 20, 230, 9);
    text('0,75 kW, 1,5 A', x - 20, 218, 8);
  });
  return Buffer.from(await doc.save());
}
