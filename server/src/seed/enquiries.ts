import { Readable } from 'node:stream';
import type { FileType } from '@portal/domain/enums';
import { cleanTechnicalSpec } from '@portal/domain/rules/technical-spec';
import { technicalSpecSchema } from '@portal/domain/schemas/technical-spec';
import { eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import { readMeta } from '../db/app-meta';
import type { Db, Tx } from '../db/client';
import {
  appMeta,
  changeEntries,
  companies,
  enquiries,
  enquiryFiles,
  enquiryRecipients,
  users,
} from '../db/schema';
import type { FileStorage } from '../files/storage';
import { enquiryFileKey } from '../modules/enquiry';
import { insertUserWithPassword } from '../modules/user';
import { DEMO_PASSWORD } from './demo-password';
import { demoBomCsv, demoBomXlsx, demoCircuitDiagramPdf } from './enquiry-files';

/**
 * The demo customer (Muster Maschinenbau) has a draft, a released enquiry with a real
 * circuit-diagram PDF and BOM addressed to all suppliers, one addressed to the second demo supplier only,
 * and an archived one. Seeded once per database (its own marker, so a database that got the demo before
 * enquiries existed gets them at its next start). Ids are fixed, so the files' contents can be written to
 * the storage of this installation whenever they are missing (`ensureDemoEnquiryFiles`).
 */
export const DEMO_ENQUIRY_MARKER = 'demo_enquiries_seeded';

/** The second demo supplier and its login (for an enquiry addressed to one supplier only). */
export const SECOND_SUPPLIER = {
  company: 'Elektrobau Nord GmbH',
  email: 'lieferant2@demo.local',
  name: 'Nils',
  lastname: 'Nord',
};

const id = (n: number) => `00000000-0000-4000-8000-0000000012${String(n).padStart(2, '0')}`;

interface DemoFile {
  id: string;
  enquiryId: string;
  filename: string;
  fileType: FileType;
  content: () => Promise<Buffer>;
}

export const ENQUIRY = { draft: id(1), toAll: id(2), toSecond: id(3), archived: id(4) };

export const DEMO_ENQUIRY_FILES: readonly DemoFile[] = [
  {
    id: id(11),
    enquiryId: ENQUIRY.draft,
    filename: 'Schaltplan Förderband Entwurf.pdf',
    fileType: 'CIRCUIT_DIAGRAM',
    content: () => demoCircuitDiagramPdf('Förderband Halle 3 (Entwurf)', 'MM-2026-031-E01'),
  },
  {
    id: id(21),
    enquiryId: ENQUIRY.toAll,
    filename: 'Schaltplan PS-12.pdf',
    fileType: 'CIRCUIT_DIAGRAM',
    content: () => demoCircuitDiagramPdf('Pumpenstation PS-12', 'MM-2026-012-E01'),
  },
  {
    id: id(22),
    enquiryId: ENQUIRY.toAll,
    filename: 'Stückliste PS-12.xlsx',
    fileType: 'BILL_OF_MATERIAL',
    content: demoBomXlsx,
  },
  {
    id: id(31),
    enquiryId: ENQUIRY.toSecond,
    filename: 'Schaltplan Lackieranlage.pdf',
    fileType: 'CIRCUIT_DIAGRAM',
    content: () => demoCircuitDiagramPdf('Verteilerschrank Lackieranlage', 'MM-2026-018-E01'),
  },
  {
    id: id(32),
    enquiryId: ENQUIRY.toSecond,
    filename: 'Stückliste Lackieranlage.csv',
    fileType: 'BILL_OF_MATERIAL',
    content: async () => demoBomCsv(),
  },
  {
    id: id(41),
    enquiryId: ENQUIRY.archived,
    filename: 'Schaltplan Prototyp.pdf',
    fileType: 'CIRCUIT_DIAGRAM',
    content: () => demoCircuitDiagramPdf('Klemmenkasten Prototyp', 'MM-2025-090-E02'),
  },
  {
    id: id(42),
    enquiryId: ENQUIRY.archived,
    filename: 'Stückliste Prototyp.csv',
    fileType: 'BILL_OF_MATERIAL',
    content: async () => demoBomCsv(),
  },
];

/** A time `days` from now (negative: in the past), for demo dates that stay current. */
export function daysFromNow(days: number): Date {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000);
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const spec = (values: object) => cleanTechnicalSpec(technicalSpecSchema.parse(values));

async function demoCompanies(tx: Tx) {
  const found = await tx
    .select({ email: users.email, userId: users.id, companyId: users.companyId })
    .from(users)
    .where(inArray(users.email, ['kunde@demo.local', 'lieferant@demo.local', SECOND_SUPPLIER.email]));
  const by = (email: string) => found.find((row) => row.email === email);
  return {
    customer: by('kunde@demo.local'),
    supplier: by('lieferant@demo.local'),
    second: by(SECOND_SUPPLIER.email),
  };
}

/** Seeds the demo enquiries once; nothing when the demo customer is gone (a database without the demo). */
export async function seedDemoEnquiries(db: Db): Promise<boolean> {
  if ((await readMeta(db, DEMO_ENQUIRY_MARKER)) !== null) return false;
  return db.transaction(async (tx) => {
    const marker = tx.insert(appMeta).values({ key: DEMO_ENQUIRY_MARKER, value: new Date().toISOString() });
    const found = await demoCompanies(tx);
    if (!found.customer || !found.supplier) {
      await marker;
      return false;
    }
    let second = found.second;
    if (!second) {
      const hash = await hashPassword(DEMO_PASSWORD);
      const [company] = await tx
        .insert(companies)
        .values({
          name: SECOND_SUPPLIER.company,
          type: 'SUPPLIER',
          street: 'Hafenstraße',
          houseNo: '21',
          zip: '20457',
          city: 'Hamburg',
        })
        .returning();
      const user = await insertUserWithPassword(
        tx,
        {
          name: SECOND_SUPPLIER.name,
          lastname: SECOND_SUPPLIER.lastname,
          email: SECOND_SUPPLIER.email,
          phoneNumber: '+49 40 123456',
          admin: true,
          companyId: company!.id,
          passwordChangeNeeded: false,
        },
        hash,
      );
      second = { email: SECOND_SUPPLIER.email, userId: user.id, companyId: company!.id };
    }
    const customerId = found.customer.companyId;
    const createdBy = found.customer.userId;
    const common = {
      customerId,
      createdBy,
      deliveryCondition: 'EXW' as const,
      location: 'Göppingen, Werk 2',
    };
    await tx.insert(enquiries).values([
      {
        ...common,
        id: ENQUIRY.draft,
        title: 'Steuerschrank Förderband Halle 3',
        referenceNumber: 'MM-2026-031',
        desiredDeliveryDate: isoDay(daysFromNow(75)),
        amount: 1,
        additionalInfo: 'Entwurf: Stückliste folgt nach Freigabe der Konstruktion.',
        technicalSpec: spec({ markingStructure: 'CLAMPING_POINT_BMK', deviceIdentification: 'DOUBLE' }),
        createdAt: daysFromNow(-2),
        updatedAt: daysFromNow(-1),
      },
      {
        ...common,
        id: ENQUIRY.toAll,
        title: 'Schaltschrank Pumpenstation PS-12',
        referenceNumber: 'MM-2026-012',
        desiredDeliveryDate: isoDay(daysFromNow(45)),
        amount: 2,
        price: 18500,
        additionalInfo: 'Aufstellung im Freien unter Dach, Schutzart IP54.',
        technicalSpec: spec({
          regulation: 'IEC',
          packaging: 'WOODEN_BOX',
          cabinetLabelLanguage: 'BILINGUAL',
        }),
        released: true,
        releaseDate: daysFromNow(-6),
        createdAt: daysFromNow(-9),
        updatedAt: daysFromNow(-6),
      },
      {
        ...common,
        id: ENQUIRY.toSecond,
        title: 'Verteilerschrank Lackieranlage',
        referenceNumber: 'MM-2026-018',
        deliveryCondition: 'DAP',
        desiredDeliveryDate: isoDay(daysFromNow(60)),
        amount: 1,
        technicalSpec: spec({ regulation: 'ATEX', systemLocation: 'EX_ZONE', screwConnections: 'BRASS' }),
        released: true,
        releaseDate: daysFromNow(-3),
        recipientsMode: 'CHOSEN',
        createdAt: daysFromNow(-5),
        updatedAt: daysFromNow(-3),
      },
      {
        ...common,
        id: ENQUIRY.archived,
        title: 'Klemmenkasten Prototyp',
        referenceNumber: 'MM-2025-090',
        desiredDeliveryDate: isoDay(daysFromNow(-20)),
        amount: 5,
        technicalSpec: spec({}),
        released: true,
        releaseDate: daysFromNow(-60),
        archived: true,
        createdAt: daysFromNow(-70),
        updatedAt: daysFromNow(-30),
      },
    ]);
    await tx.insert(enquiryRecipients).values({ enquiryId: ENQUIRY.toSecond, supplierId: second.companyId });
    const sizes = await Promise.all(DEMO_ENQUIRY_FILES.map(async (file) => (await file.content()).length));
    await tx.insert(enquiryFiles).values(
      DEMO_ENQUIRY_FILES.map((file, index) => ({
        id: file.id,
        enquiryId: file.enquiryId,
        storageKey: enquiryFileKey(file.enquiryId, file.id),
        filename: file.filename,
        fileType: file.fileType,
        size: sizes[index]!,
        createdBy,
      })),
    );
    const [author] = await tx.select().from(users).where(eq(users.id, createdBy));
    const userName = author ? `${author.name} ${author.lastname}` : 'System';
    await tx.insert(changeEntries).values(
      [ENQUIRY.toAll, ENQUIRY.toSecond, ENQUIRY.archived].map((entityId) => ({
        entityType: 'ENQUIRY',
        entityId,
        userId: createdBy,
        userName,
        field: 'released',
        oldValue: 'false',
        newValue: 'true',
      })),
    );
    await marker;
    return true;
  });
}

/** Writes the contents of the demo enquiries' files that this installation's storage lacks. */
export async function ensureDemoEnquiryFiles(db: Db, files: FileStorage): Promise<void> {
  const seeded = await db
    .select({ id: enquiryFiles.id })
    .from(enquiryFiles)
    .where(
      inArray(
        enquiryFiles.id,
        DEMO_ENQUIRY_FILES.map((file) => file.id),
      ),
    );
  const present = new Set(seeded.map((row) => row.id));
  for (const file of DEMO_ENQUIRY_FILES.filter((candidate) => present.has(candidate.id))) {
    const key = enquiryFileKey(file.enquiryId, file.id);
    if (await files.stat(key)) continue;
    const { size } = await files.save(key, Readable.from([await file.content()]));
    // A made file may differ by a few bytes from the one measured at seeding (dates in its metadata).
    await db.update(enquiryFiles).set({ size }).where(eq(enquiryFiles.id, file.id));
  }
}
