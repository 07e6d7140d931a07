import type { FolderListItem, FolderResponse, FolderSettings } from '@portal/domain/schemas/business-data';
import { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '../../auth';

export { json, stubApi } from '../../../test/stub-api';

export const FOLDER_ID = 'f'.repeat(64);
export const OFFER_ID = '55555555-5555-4555-8555-555555555555';

/** A query client with the session of a user of the given company type, or none (signed out). */
export function folderClient(type?: 'CUSTOMER' | 'SUPPLIER' | 'EXTERNAL', admin = true): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(
    sessionQueryKey,
    type
      ? {
          user: {
            id: 'u1',
            name: 'Clara',
            lastname: 'Liefer',
            mail: 'clara@example.de',
            phoneNumber: '+49 30 1',
            admin,
            passwordChangeNeeded: false,
            loginCounter: 3,
            lastLoginAt: null,
          },
          company: {
            id: 'c1',
            name: 'Schaltanlagen Liefer GmbH',
            type,
            active: true,
            pendingRegistration: false,
          },
        }
      : null,
  );
  return client;
}

export function settings(values: Partial<FolderSettings> = {}): FolderSettings {
  return {
    types: { CUSTOMER: { read: true, write: true }, SUPPLIER: { read: true, write: true } },
    allowExternal: true,
    allowAnonymous: false,
    anonymousWrite: false,
    passwordSet: false,
    visibilities: [],
    defaultExpiryDays: null,
    lastUpdate: '2026-11-20T09:00:00.000Z',
    ...values,
  };
}

/** The supplier admin's view of a folder with a PDF and a drawing. */
export function folder(values: Partial<FolderResponse> = {}): FolderResponse {
  return {
    folderId: FOLDER_ID,
    offerId: OFFER_ID,
    referenceNumber: 'R-17',
    offerNumber: 'A-2026-7',
    version: 2,
    state: 'ACCEPTED',
    customerName: 'Maschinenbau Kunde GmbH',
    supplierName: 'Schaltanlagen Liefer GmbH',
    viewer: 'MEMBER',
    rights: { read: true, write: true, manage: true },
    items: [
      {
        id: 'item-1',
        filename: 'Schaltplan.pdf',
        size: 1200,
        downloadCounter: 3,
        lastUpdate: '2026-11-20T10:00:00.000Z',
        uploadedBy: 'Clara Liefer',
      },
      {
        id: 'item-2',
        filename: 'Aufbau.dwg',
        size: 5400,
        downloadCounter: 0,
        lastUpdate: '2026-11-21T09:30:00.000Z',
        uploadedBy: 'Anonymer Besucher',
      },
    ],
    settings: settings(),
    ...values,
  };
}

export function listItem(values: Partial<FolderListItem> = {}): FolderListItem {
  return {
    folderId: FOLDER_ID,
    offerId: OFFER_ID,
    referenceNumber: 'R-17',
    offerNumber: 'A-2026-7',
    version: 2,
    state: 'ACCEPTED',
    customerName: 'Maschinenbau Kunde GmbH',
    supplierName: 'Schaltanlagen Liefer GmbH',
    fileCount: 4,
    lastUpdate: '2026-11-21T09:30:00.000Z',
    access: 'COMPANY',
    ...values,
  };
}
