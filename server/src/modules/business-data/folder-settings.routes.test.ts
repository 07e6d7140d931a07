import { describe, expect, it } from 'vitest';
import { multipartForm } from '../../files/testing/multipart-form';
import { expectChangedMeanwhile } from '../../test/lost-update';
import type { Session } from '../../test/test-app';
import { createFolderOffer, folderRequest, useFolderWorld } from './testing/folder-world';

/** No lost update on a folder's settings: the admins of both companies manage the same folder. */
const world = useFolderWorld();
const OPEN = { CUSTOMER: { read: true, write: true }, SUPPLIER: { read: true, write: true } };

const read = async (folderId: string) =>
  (
    await folderRequest(world(), world().supplierAdmin, {
      method: 'GET',
      url: `/api/offer/businessdata/?folderId=${folderId}`,
    })
  ).json().settings;

function save(session: Session, folderId: string, lastUpdate: string, values: object) {
  return folderRequest(world(), session, {
    method: 'POST',
    url: '/api/offer/businessdata/settings',
    payload: {
      folderId,
      lastUpdate,
      types: OPEN,
      allowExternal: false,
      allowAnonymous: false,
      anonymousWrite: false,
      ...values,
    },
  });
}

describe('POST /api/offer/businessdata/settings: no lost update', () => {
  it('refuses the second of two saves from the same loaded state and keeps the first', async () => {
    const { folderId } = await createFolderOffer(world());
    const { lastUpdate } = await read(folderId);
    const closed = { CUSTOMER: { read: true, write: false }, SUPPLIER: { read: true, write: true } };

    const first = await save(world().supplierAdmin, folderId, lastUpdate, { allowExternal: true });
    expect(first.statusCode, first.body).toBe(200);
    const second = await save(world().customerAdmin, folderId, lastUpdate, { types: closed });
    await expectChangedMeanwhile(world().ctx.db, second, world().supplierAdmin.userId);
    expect(await read(folderId)).toMatchObject({
      allowExternal: true,
      types: OPEN,
      lastUpdate: first.json().settings.lastUpdate,
    });

    const reloaded = first.json().settings.lastUpdate;
    const fresh = await save(world().customerAdmin, folderId, reloaded, {
      allowExternal: true,
      types: closed,
    });
    expect(fresh.json().settings).toMatchObject({ allowExternal: true, types: closed });
    const again = await save(world().customerAdmin, folderId, fresh.json().settings.lastUpdate, {});
    expect(again.json().settings).toMatchObject({ allowExternal: false, types: OPEN });
  });

  it('an upload to the folder does not outdate its settings form', async () => {
    const { folderId } = await createFolderOffer(world());
    const { lastUpdate } = await read(folderId);
    const upload = await folderRequest(world(), world().customerStaff, {
      method: 'POST',
      url: '/api/offer/businessdata/',
      ...multipartForm([
        { name: 'folderId', value: folderId },
        { name: 'file', filename: 'Aufbau.txt', content: Buffer.from('Montage links', 'utf8') },
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(
      (await save(world().supplierAdmin, folderId, lastUpdate, { allowExternal: true })).statusCode,
    ).toBe(200);
  });
});
