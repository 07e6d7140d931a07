import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatApi } from '../test/chat-api';
import { createEnquiryWorld, createReleased, type EnquiryWorld, enquiryApi } from '../test/enquiry-world';
import { as, createTestApp, type TestContext } from '../test/test-app';
import { testDatabaseKind } from '../test/test-db';
import { addressOf, openEventStream, type SseClient } from './testing/sse-client';

/**
 * The event stream. On PostgreSQL the sender talks to a SECOND app (its own pool and its
 * own listening connection: a second server process as far as the database can tell); on PGlite, which one
 * process owns, both are the same app and the event travels in process.
 */
let world: EnquiryWorld;
let second: TestContext | null = null;
let receiverUrl: string;
let senderApp: FastifyInstance;
const streams: SseClient[] = [];

beforeAll(async () => {
  world = await createEnquiryWorld();
  await world.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  receiverUrl = addressOf(world.ctx.app);
  if (testDatabaseKind() === 'postgres') {
    const { openPostgres } = await import('../db/client');
    const database = await openPostgres(world.ctx.database.url!, { max: 3 });
    second = await createTestApp({ sharedDatabase: database });
    senderApp = second.app;
  } else {
    senderApp = world.ctx.app;
  }
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  if (second) {
    await second.close();
    await second.database.close();
  }
  await world.ctx.close();
});

async function stream(cookie: string, lastEventId?: string): Promise<SseClient> {
  const opened = await openEventStream(receiverUrl, cookie, { lastEventId });
  streams.push(opened);
  return opened;
}

const sender = chatApi(() => senderApp);
const enquiries = () => enquiryApi(() => world);

describe('GET /api/events', () => {
  it('401 signed out, no stream', async () => {
    const response = await as(world.ctx.app, null, { method: 'GET', url: '/api/events' });
    expect(response.statusCode).toBe(401);
  });

  it('a message sent through the other server process reaches both companies live, nobody else', async () => {
    const enquiryId = await createReleased(enquiries(), world.customer, {
      title: 'Live über zwei Prozesse',
      recipients: { mode: 'CHOSEN', supplierIds: [world.ids.supplierId] },
    });
    const customer = await stream(world.customer.cookie);
    const colleague = await stream(world.colleague.cookie);
    const stranger = await stream(world.otherSupplier.cookie);
    expect(customer.status).toBe(200);
    await customer.next((event) => event.event === 'ready');
    await stranger.next((event) => event.event === 'ready');

    const conversation = (await sender.start(world.supplier, { enquiryId })).json();
    const sent = await sender.send(world.supplier, conversation.id, 'Frage zum Schaltplan');
    expect(sent.statusCode).toBe(201);
    const message = await customer.next((event) => event.event === 'message');
    expect(message.data).toEqual({ conversationId: conversation.id, messageId: sent.json().id });
    expect(Number(message.id)).toBeGreaterThan(0);
    await colleague.next((event) => event.event === 'message');
    await customer.next((event) => event.event === 'notification');

    // The customer reads: the supplier's stream hears the read marker ('!' goes away).
    const supplier = await stream(world.supplier.cookie);
    await supplier.next((event) => event.event === 'ready');
    expect((await sender.readAll(world.customer, conversation.id)).json()).toEqual({ marked: 1 });
    expect((await supplier.next((event) => event.event === 'read')).data).toEqual({
      conversationId: conversation.id,
    });

    // The other supplier was told nothing of it (its stream only ever saw its own events).
    expect(stranger.events.filter((event) => event.data.conversationId === conversation.id)).toEqual([]);
  });

  it('resumes after a reconnect with Last-Event-ID: what was sent meanwhile comes first, once', async () => {
    const enquiryId = await createReleased(enquiries(), world.customer, {
      title: 'Wiederaufnahme',
      recipients: { mode: 'CHOSEN', supplierIds: [world.ids.supplierId] },
    });
    const conversation = (await sender.start(world.supplier, { enquiryId })).json();
    const first = await stream(world.customer.cookie);
    await sender.send(world.supplier, conversation.id, 'Vor der Unterbrechung');
    const seen = await first.next((event) => event.event === 'message');
    first.close();
    await first.closed;

    const missed = (await sender.send(world.supplier, conversation.id, 'Während der Unterbrechung')).json();
    const resumed = await stream(world.customer.cookie, seen.id!);
    const replayed = await resumed.next((event) => event.event === 'message');
    expect(replayed.data.messageId).toBe(missed.id);
    expect(Number(replayed.id)).toBeGreaterThan(Number(seen.id));
    expect(resumed.events.some((event) => event.data.messageId === seen.data.messageId)).toBe(false);
    expect(resumed.events.some((event) => event.event === 'ready')).toBe(false);
  });

  it('a stream ends when its session is gone (signed out)', async () => {
    const ctx = await createTestApp({ liveHub: { sessionCheckMs: 50 } });
    try {
      const { createActor } = await import('../test/factories');
      const { signIn } = await import('../test/test-app');
      const actor = await createActor(ctx.db, 'CUSTOMER');
      const session = await signIn(ctx.app, actor.user.email);
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const opened = await openEventStream(addressOf(ctx.app), session.cookie);
      await opened.next((event) => event.event === 'ready');
      const out = await as(ctx.app, session, { method: 'POST', url: '/api/auth/sign-out' });
      expect(out.statusCode).toBeLessThan(300);
      await opened.closed;
    } finally {
      await ctx.close();
    }
  });

  it('the server closes while streams are open: they end with it', async () => {
    const ctx = await createTestApp();
    const { createActor } = await import('../test/factories');
    const { signIn } = await import('../test/test-app');
    const actor = await createActor(ctx.db, 'SUPPLIER');
    const session = await signIn(ctx.app, actor.user.email);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const opened = await openEventStream(addressOf(ctx.app), session.cookie);
    await opened.next((event) => event.event === 'ready');
    await ctx.close();
    await opened.closed;
  });
});
