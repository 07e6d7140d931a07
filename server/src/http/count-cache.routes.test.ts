import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiries, notifications } from '../db/schema';
import {
  createDraft,
  createEnquiryWorld,
  createReleased,
  type EnquiryWorld,
  enquiryApi,
} from '../test/enquiry-world';
import { as, type Session } from '../test/test-app';

/**
 * The list totals' cache, kept far longer than any test (a minute): every change of a total below comes
 * from an invalidation, never from the cache running out.
 */
let world: EnquiryWorld;
const api = enquiryApi(() => world);

beforeAll(async () => {
  world = await createEnquiryWorld({ countCacheTtlMs: 60_000 });
});
afterAll(() => world.ctx.close());

async function enquiryTotal(session: Session): Promise<{ total: number; ids: string[] }> {
  const response = await api.list(session, '?paginationSize=100');
  expect(response.statusCode).toBe(200);
  const body = response.json();
  return { total: body.totalElements, ids: body.content.map((row: { id: string }) => row.id) };
}

async function offerTotal(session: Session): Promise<number> {
  const response = await as(world.ctx.app, session, { method: 'GET', url: '/api/offer/filter?states=OPEN' });
  expect(response.statusCode).toBe(200);
  return response.json().totalElements;
}

/** Writes without the triggers' NOTIFY (as if it were lost): only the cache's lifetime would end it. */
async function archiveSilently(id: string): Promise<void> {
  await world.ctx.db.transaction(async (tx) => {
    await tx.execute('set local session_replication_role = replica');
    await tx.update(enquiries).set({ archived: true }).where(eq(enquiries.id, id));
  });
}

/** Resolves once this process's count cache has been told of a write to `table`. */
function invalidationOf(table: string): Promise<void> {
  return new Promise((resolve) => {
    const next = (): void => {
      void world.ctx.app
        .countCache!.nextInvalidation()
        .then((written) => (written === table ? resolve() : next()));
    };
    next();
  });
}

describe('list totals', () => {
  it('a record the user creates is in the total of their next list load', async () => {
    const before = await enquiryTotal(world.customer);
    const id = await createDraft(api, world.customer);
    const after = await enquiryTotal(world.customer);
    expect(after.ids).toContain(id);
    expect(after.total).toBe(before.total + 1);
  });

  it('a write by another connection (another process, a job) reaches the total once committed', async () => {
    const before = await enquiryTotal(world.customer);
    const notified = world.ctx.app.countCache!.nextInvalidation();
    await world.ctx.db.update(enquiries).set({ archived: true }).where(eq(enquiries.id, before.ids[0]!));
    expect(await notified).toBe('enquiries');
    expect((await enquiryTotal(world.customer)).total).toBe(before.total - 1);
  });

  it('an offer the supplier creates is in its next offer total, and in no other company’s', async () => {
    const enquiryId = await createReleased(api, world.customer);
    const supplierBefore = await offerTotal(world.supplier);
    const otherBefore = await offerTotal(world.otherSupplier);
    const created = await as(world.ctx.app, world.supplier, {
      method: 'POST',
      url: '/api/offer/',
      payload: { enquiryId },
    });
    expect(created.statusCode).toBe(201);
    expect(await offerTotal(world.supplier)).toBe(supplierBefore + 1);
    expect(await offerTotal(world.otherSupplier)).toBe(otherBefore);
  });

  it('the bell’s unread count drops at the next load after marking read', async () => {
    await world.ctx.db.insert(notifications).values(
      ['eins', 'zwei'].map((text) => ({
        userId: world.customer.userId,
        entity: 'OFFER' as const,
        action: 'update' as const,
        text,
      })),
    );
    const unread = async () =>
      (await as(world.ctx.app, world.customer, { method: 'GET', url: '/api/notification/unread' })).json()
        .count;
    const before = await unread();
    const page = (
      await as(world.ctx.app, world.customer, { method: 'GET', url: '/api/notification/' })
    ).json();
    expect(page.unread).toBe(before);
    const marked = await as(world.ctx.app, world.customer, {
      method: 'POST',
      url: '/api/notification/read',
      payload: { ids: [page.content[0].id] },
    });
    expect(marked.statusCode).toBe(200);
    expect(await unread()).toBe(before - 1);
  });

  // Last: it leaves a total behind that its silent write made wrong.
  it('are counted once per scope and filter while nothing is written', async () => {
    // The colleague's draft reaches this process's cache also as a notification, some moments after the
    // answer: the totals are read once it has arrived, so that it cannot clear them in between.
    const enquiriesNotified = invalidationOf('enquiries');
    await createDraft(api, world.colleague);
    await enquiriesNotified;
    const before = await enquiryTotal(world.customer);
    await archiveSilently(before.ids[0]!);
    const after = await enquiryTotal(world.customer);
    expect(after.ids).not.toContain(before.ids[0]);
    expect(after.total).toBe(before.total);
    // Another filter (the archived switch) is counted on its own.
    const withArchived = await api.list(world.customer, '?archived=true');
    const all = await world.ctx.db
      .select({ id: enquiries.id })
      .from(enquiries)
      .where(eq(enquiries.customerId, world.ids.customerId));
    expect(withArchived.json().totalElements).toBe(all.length);
  });
});
