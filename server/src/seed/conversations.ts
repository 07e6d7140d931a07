import { eq, inArray } from 'drizzle-orm';
import { readMeta } from '../db/app-meta';
import type { Db } from '../db/client';
import {
  appMeta,
  companies,
  conversationMessages,
  conversations,
  notifications,
  offers,
  users,
} from '../db/schema';
import { demoOfferId, OFFER, OFFER_ENQUIRY } from './offer-files';

/**
 * The demo order "Steuerschrank Verpackungsmaschine VM-4" (accepted offer of the demo supplier) has a
 * chat between Lars Lieferant and Klara Kunde; the supplier's last message is still unread, so the customer's
 * bell and the chat's '!' show something. Once per database (own marker).
 */
export const DEMO_CHAT_MARKER = 'demo_chat_seeded';
export const DEMO_CONVERSATION_ID = demoOfferId(71);

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);

async function seedDemoChat(db: Db): Promise<void> {
  const people = await db
    .select({ id: users.id, email: users.email, companyId: users.companyId, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(inArray(users.email, ['kunde@demo.local', 'einkauf@demo.local', 'lieferant@demo.local']));
  const by = (email: string) => people.find((person) => person.email === email);
  const customer = by('kunde@demo.local');
  const buyer = by('einkauf@demo.local');
  const supplier = by('lieferant@demo.local');
  const [offer] = await db.select().from(offers).where(eq(offers.id, OFFER.accepted));
  await db.transaction(async (tx) => {
    await tx.insert(appMeta).values({ key: DEMO_CHAT_MARKER, value: new Date().toISOString() });
    if (!customer || !supplier || !offer) return;
    const [existing] = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.enquiryId, OFFER_ENQUIRY.accepted));
    if (existing) return;
    await tx.insert(conversations).values({
      id: DEMO_CONVERSATION_ID,
      enquiryId: OFFER_ENQUIRY.accepted,
      supplierId: supplier.companyId,
      customerId: customer.companyId,
      offerLineageId: offer.lineageId,
      createdBy: supplier.id,
      createdAt: hoursAgo(80),
      lastMessageAt: hoursAgo(2),
    });
    const message = (who: typeof supplier, name: string, content: string, at: number, read: boolean) => ({
      conversationId: DEMO_CONVERSATION_ID,
      senderId: who.id,
      companyId: who.companyId,
      senderName: name,
      companyName: who.companyName,
      content,
      createdAt: hoursAgo(at),
      readAt: read ? hoursAgo(at - 1) : null,
      readBy: read ? (who === supplier ? customer.id : supplier.id) : null,
    });
    await tx
      .insert(conversationMessages)
      .values([
        message(
          supplier,
          'Lars Lieferant',
          'Guten Tag Frau Kunde, sollen die PE-Klemmen in der Einspeisung grün-gelb ausgeführt werden?',
          80,
          true,
        ),
        message(customer, 'Klara Kunde', 'Ja, bitte grün-gelb, wie im Schaltplan Blatt 3.', 75, true),
        message(
          supplier,
          'Lars Lieferant',
          'Danke, ist so eingeplant. Die Auftragsbestätigung schicken wir bis Freitag.',
          2,
          false,
        ),
      ]);
    const text = `Neue Nachricht von Lars Lieferant (${supplier.companyName}) zu „Steuerschrank Verpackungsmaschine VM-4“`;
    await tx.insert(notifications).values(
      [customer, buyer].flatMap((user) =>
        user
          ? [
              {
                userId: user.id,
                entity: 'MESSAGE' as const,
                action: 'create' as const,
                text,
                link: `/order/${OFFER.accepted}?chat=${DEMO_CONVERSATION_ID}`,
                createdAt: hoursAgo(2),
              },
            ]
          : [],
      ),
    );
    await tx.insert(notifications).values({
      userId: supplier.id,
      entity: 'OFFER',
      action: 'update',
      level: 'success',
      text: `${customer.companyName} hat das Angebot ${offer.offerNumber ?? ''} zu „Steuerschrank Verpackungsmaschine VM-4“ angenommen`,
      link: `/order/${OFFER.accepted}`,
      readAt: hoursAgo(70),
      createdAt: hoursAgo(72),
    });
  });
}

export async function ensureDemoChat(db: Db): Promise<void> {
  if ((await readMeta(db, DEMO_CHAT_MARKER)) === null) await seedDemoChat(db);
}
