import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminBoms } from '../../db/schema';
import { as } from '../../test/test-app';
import { adminBomApi, adminBomSteps, eplanMapBody, useAdminBomWorld } from './testing/admin-bom-world';

const world = useAdminBomWorld();
const api = adminBomApi(world);
const { uploaded, mapped, storedFiles } = adminBomSteps(world, api);

describe('access', () => {
  it('401 without a session on every call', async () => {
    const id = await mapped();
    for (const response of [
      await api.upload(null),
      await api.header(null, { id, headerRowIndex: 3 }),
      await api.map(null, eplanMapBody(id)),
      await api.list(null),
      await api.load(null, id),
      await api.remove(null, id),
      await api.lines(null, id),
      await api.summed(null, id),
      await api.file(null, id),
      await api.export(null, id),
    ]) {
      expect(response.statusCode).toBe(401);
    }
    expect((await api.load(world().operator, id)).statusCode).toBe(200);
  });

  it('customers, suppliers and externals: 403 for the calls, 404 for reading a result; nothing changes', async () => {
    const id = await mapped();
    const before = storedFiles().length;
    for (const session of [world().customer, world().supplier, world().external]) {
      for (const response of [
        await api.upload(session),
        await api.header(session, { id, headerRowIndex: 1 }),
        await api.map(
          session,
          eplanMapBody(id, { fieldMapping: [{ importHeader: 'BMK', bomField: 'orderNumber' }] }),
        ),
        await api.list(session),
        await api.remove(session, id),
      ]) {
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json().message).toBe('Sie haben keine Berechtigung für diese Aktion.');
      }
      for (const response of [
        await api.load(session, id),
        await api.lines(session, id),
        await api.summed(session, id),
        await api.file(session, id),
        await api.export(session, id),
      ]) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json().code).toBe('ADMIN_BOM_NOT_FOUND');
      }
    }
    expect(storedFiles()).toHaveLength(before);
    expect((await api.load(world().operator, id)).json()).toMatchObject({
      headerRowIndex: 3,
      successRate: 50,
    });
  });

  it('admin-bom/ stays closed to the generic /file calls, for the operator too', async () => {
    const id = await uploaded();
    const [row] = await world().ctx.db.select().from(adminBoms).where(eq(adminBoms.id, id));
    const app = world().ctx.app;
    const read = await as(app, world().operator, {
      method: 'GET',
      url: `/api/file/?path=${encodeURIComponent(row?.storageKey ?? '')}`,
    });
    expect(read.statusCode).toBe(404);
    const names = await as(app, world().operator, {
      method: 'GET',
      url: `/api/file/names?path=${encodeURIComponent(`admin-bom/${id}/`)}`,
    });
    expect(names.statusCode).toBe(404);
  });

  it('delete is a GET that changes data: a cookie without the proof of the portal origin is refused', async () => {
    const id = await uploaded();
    const response = await world().ctx.app.inject({
      method: 'GET',
      url: `/api/admin/bom/delete?adminBOMResultIds=${id}`,
      headers: { cookie: world().operator.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ORIGIN_REJECTED');
    expect((await api.load(world().operator, id)).statusCode).toBe(200);
  });
});
