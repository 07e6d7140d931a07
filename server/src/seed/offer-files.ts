import { Readable } from 'node:stream';
import type { FileType } from '@portal/domain/enums';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { enquiryFiles, offerFiles } from '../db/schema';
import type { FileStorage } from '../files/storage';
import { enquiryFileKey } from '../modules/enquiry';
import { SECOND_SUPPLIER } from './enquiries';
import { demoBomCsv, demoCircuitDiagramPdf } from './enquiry-files';

/**
 * The fixed ids of the demo offers (seed/offers.ts) and their files: real one-page PDFs
 * made in code (offer, the customer's order, the order confirmation), written to the storage under generated
 * keys whenever this installation's storage lacks them, as the demo enquiries' files are.
 */
export const demoOfferId = (n: number) => `00000000-0000-4000-8000-0000000014${String(n).padStart(2, '0')}`;

/** The further released enquiries of the demo customer that the demo supplier's offers answer. */
export const OFFER_ENQUIRY = {
  draft: demoOfferId(1),
  declined: demoOfferId(2),
  accepted: demoOfferId(3),
  confirmed: demoOfferId(4),
};

/** The project of the demo job (the confirmed offer): its enquiry, its offer and its project folder. */
export const CONFIRMED_PROJECT = {
  title: 'Schaltschrank Kühlwasseraufbereitung',
  referenceNumber: 'MM-2025-118',
} as const;

export const OFFER = {
  revisedV1: demoOfferId(11),
  revisedV2: demoOfferId(12),
  competing: demoOfferId(13),
  draft: demoOfferId(14),
  declined: demoOfferId(15),
  accepted: demoOfferId(16),
  confirmed: demoOfferId(17),
};

interface DemoOfferFile {
  id: string;
  offerId: string;
  filename: string;
  fileType: FileType;
  /** The customer uploads its order; everything else is the supplier's. */
  byCustomer?: boolean;
  lines: string[];
}

export const DEMO_OFFER_FILES: readonly DemoOfferFile[] = [
  ...(
    [
      [OFFER.revisedV1, 'AN-2026-0412', '21.400,00 €'],
      [OFFER.revisedV2, 'AN-2026-0412-2', '19.850,00 €'],
      [OFFER.competing, 'EN-26-1187', '18.900,00 €'],
      [OFFER.declined, 'AN-2026-0398', '7.240,00 €'],
      [OFFER.accepted, 'AN-2026-0371', '32.600,00 €'],
      [OFFER.confirmed, 'AN-2025-0933', '12.980,00 €'],
    ] as const
  ).map(([offerId, number, price], index) => ({
    id: demoOfferId(31 + index),
    offerId,
    filename: `Angebot ${number}.pdf`,
    fileType: 'OFFER' as const,
    lines: [`Angebot ${number}`, `Gesamtpreis netto: ${price}`, 'Gültig 30 Tage ab Angebotsdatum.'],
  })),
  {
    id: demoOfferId(41),
    offerId: OFFER.accepted,
    filename: 'Bestellung 4500012345.pdf',
    fileType: 'ORDER',
    byCustomer: true,
    lines: ['Bestellung 4500012345', 'zu Angebot AN-2026-0371', 'Muster Maschinenbau GmbH, Einkauf'],
  },
  {
    id: demoOfferId(42),
    offerId: OFFER.confirmed,
    filename: 'Bestellung 4500011872.pdf',
    fileType: 'ORDER',
    byCustomer: true,
    lines: ['Bestellung 4500011872', 'zu Angebot AN-2025-0933', 'Muster Maschinenbau GmbH, Einkauf'],
  },
  {
    id: demoOfferId(43),
    offerId: OFFER.confirmed,
    filename: 'Auftragsbestätigung AB-2026-0057.pdf',
    fileType: 'ORDER_CONFIRMATION',
    lines: ['Auftragsbestätigung AB-2026-0057', 'zu Bestellung 4500011872', 'Liefertermin wie angeboten.'],
  },
];

/** A one-page A4 business letter as PDF (@pdfme/pdf-lib, loaded only when a file is made). */
async function demoLetterPdf(sender: string, lines: readonly string[]): Promise<Buffer> {
  const { PDFDocument, StandardFonts, rgb } = await import('@pdfme/pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(lines[0]!);
  doc.setAuthor(sender);
  const page = doc.addPage([595.28, 841.89]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.1);
  page.drawText(sender, { x: 56, y: 780, size: 10, font, color: ink });
  page.drawText(lines[0]!, { x: 56, y: 700, size: 16, font: bold, color: ink });
  lines.slice(1).forEach((line, index) => {
    page.drawText(line, { x: 56, y: 670 - index * 18, size: 11, font, color: ink });
  });
  return Buffer.from(await doc.save());
}

export function enquiryFileRow(enquiryId: string, fileId: string, filename: string, fileType: FileType) {
  return {
    id: fileId,
    enquiryId,
    storageKey: enquiryFileKey(enquiryId, fileId),
    filename,
    fileType,
    size: 0,
  };
}

/** Writes the contents of the demo offers' and their enquiries' files that the storage lacks. */
export async function ensureDemoOfferFiles(db: Db, files: FileStorage): Promise<void> {
  const offerRows = await db
    .select()
    .from(offerFiles)
    .where(
      inArray(
        offerFiles.id,
        DEMO_OFFER_FILES.map((file) => file.id),
      ),
    );
  for (const row of offerRows) {
    if (await files.stat(row.storageKey)) continue;
    const file = DEMO_OFFER_FILES.find((candidate) => candidate.id === row.id)!;
    const sender = file.byCustomer
      ? 'Muster Maschinenbau GmbH, Göppingen'
      : file.offerId === OFFER.competing
        ? `${SECOND_SUPPLIER.company}, Hamburg`
        : 'Schaltschrankbau Beispiel GmbH, Lemgo';
    const { size } = await files.save(
      row.storageKey,
      Readable.from([await demoLetterPdf(sender, file.lines)]),
    );
    await db.update(offerFiles).set({ size }).where(eq(offerFiles.id, row.id));
  }
  const enquiryRows = await db
    .select()
    .from(enquiryFiles)
    .where(inArray(enquiryFiles.enquiryId, Object.values(OFFER_ENQUIRY)));
  for (const row of enquiryRows) {
    if (await files.stat(row.storageKey)) continue;
    const content =
      row.fileType === 'CIRCUIT_DIAGRAM'
        ? await demoCircuitDiagramPdf(
            row.filename.replace(/^Schaltplan |\.pdf$/g, ''),
            `${row.filename.slice(11, 22)}-E01`,
          )
        : demoBomCsv();
    const { size } = await files.save(row.storageKey, Readable.from([content]));
    await db.update(enquiryFiles).set({ size }).where(eq(enquiryFiles.id, row.id));
  }
}
