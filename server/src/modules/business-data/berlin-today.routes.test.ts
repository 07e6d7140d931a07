import { addCalendarDays } from '@portal/domain/rules/berlin-date';
import { defaultTechnicalSpec } from '@portal/domain/schemas/technical-spec';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { businessFolderShares, businessFolders } from '../../db/schema';
import { createFolderOffer, type FolderWorld, folderRequest, useFolderWorld } from './testing/folder-world';

/**
 * One "today" for the whole portal: the German calendar day. On a server whose clock runs in UTC the day
 * turns one hour (CET) or two (CEST) later than in Berlin; in that window the offer's delivery-date check
 * (SPEC §5) and the end of a folder share (SPEC §6) must still judge the same day.
 */
const world = useFolderWorld();
let zoneBefore: string | undefined;

beforeAll(() => {
  zoneBefore = process.env.TZ;
  process.env.TZ = 'UTC';
});

afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

afterEach(() => {
  vi.useRealTimers();
});

/** The release's complaints about the delivery date when the supplier releases a draft due on `day`. */
async function deliveryDateIssues(w: FolderWorld, day: string): Promise<string[]> {
  const { offerId } = await createFolderOffer(w, { released: false });
  const loaded = await folderRequest(w, w.supplierAdmin, { method: 'GET', url: `/api/offer/?id=${offerId}` });
  expect(loaded.statusCode, loaded.body).toBe(200);
  const response = await folderRequest(w, w.supplierAdmin, {
    method: 'POST',
    url: '/api/offer/release',
    payload: {
      offerId,
      lastUpdate: loaded.json().lastUpdate,
      offerNumber: 'AN-MITTERNACHT',
      price: 1000,
      deliveryCondition: 'DAP',
      desiredDeliveryDate: day,
      additionalInfoSupplier: null,
      technicalSpec: defaultTechnicalSpec(),
    },
  });
  // Without an offer PDF the release is refused in any case; only the date's complaint matters here.
  expect(response.statusCode, response.body).toBe(422);
  const issues = response.json().issues as { path: string; message: string }[];
  return issues.filter((issue) => issue.path === 'desiredDeliveryDate').map((issue) => issue.message);
}

/** Whether the external guest may open a folder whose share with them ends on `endDate`. */
async function guestMayOpen(w: FolderWorld, endDate: string): Promise<boolean> {
  const { folderId } = await createFolderOffer(w);
  await w.ctx.db.update(businessFolders).set({ allowExternal: true }).where(eq(businessFolders.id, folderId));
  await w.ctx.db
    .insert(businessFolderShares)
    .values({ folderId, email: w.emails.external, read: true, write: false, endDate });
  const response = await folderRequest(w, w.external, {
    method: 'GET',
    url: `/api/offer/businessdata/?folderId=${folderId}`,
  });
  expect([200, 404]).toContain(response.statusCode);
  return response.statusCode === 200;
}

describe('today around midnight on a server running in UTC', () => {
  it.each([
    ['00:30 in Berlin (CET), still the day before in UTC', '2026-03-28T23:30:00Z', '2026-03-29'],
    ['00:30 in Berlin (CEST), still the day before in UTC', '2026-10-24T22:30:00Z', '2026-10-25'],
    ['23:30 in Berlin (CET), the same day in UTC', '2026-03-28T22:30:00Z', '2026-03-28'],
  ])('at %s the delivery date and the folder share judge the same day', async (_, instant, berlinDay) => {
    const w = world();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(instant) });
    expect(new Date().toISOString()).toBe(new Date(instant).toISOString());

    // A delivery on the Berlin day itself is not in the future; one on the next day is.
    expect(await deliveryDateIssues(w, berlinDay)).toEqual(['Der Liefertermin muss in der Zukunft liegen.']);
    expect(await deliveryDateIssues(w, addCalendarDays(berlinDay, 1))).toEqual([]);

    // A share whose last day is the Berlin day still opens the folder; one that ended the day before does not.
    expect(await guestMayOpen(w, berlinDay)).toBe(true);
    expect(await guestMayOpen(w, addCalendarDays(berlinDay, -1))).toBe(false);
  });
});
