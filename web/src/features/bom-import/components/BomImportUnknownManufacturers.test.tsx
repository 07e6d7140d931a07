import type { AdminBom } from '@portal/domain/schemas/admin-bom';
import type { UnknownBomManufacturers } from '@portal/domain/schemas/bom-lines';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { clientFor } from '../../../test/session-client';
import { json, stubApi } from '../../../test/stub-api';
import { sessionQueryKey } from '../../auth';
import { adminBomQueryKeys } from '../api/admin-bom';
import { BomImportUnknownManufacturers } from './BomImportUnknownManufacturers';

const BOM_ID = '44444444-4444-4444-8444-444444444444';
const SIEMENS = {
  id: '55555555-5555-4555-8555-555555555555',
  displayName: 'Siemens',
  nameVariants: ['Siemens AG'],
  abbreviation: 'SIE',
  link: null,
  lastUpdate: '2026-11-20T09:00:00.000Z',
};

const BEFORE: UnknownBomManufacturers = {
  total: 2,
  names: [
    { name: 'SIEM', lines: 2, candidates: [] },
    { name: 'HELU', lines: 1, candidates: [] },
  ],
};
const AFTER: UnknownBomManufacturers = { total: 1, names: [{ name: 'HELU', lines: 1, candidates: [] }] };

function result(successRate: number): AdminBom {
  const matched = successRate === 100 ? 4 : 2;
  return {
    id: BOM_ID,
    bomFileName: 'Stückliste Presse 7.csv',
    size: 258,
    headerRowIndex: 1,
    headers: ['Menge', 'Hersteller', 'Bestellnummer'],
    proposedSuppliedPartString: null,
    proposedMapping: [],
    fieldMapping: [{ importHeader: 'Bestellnummer', bomField: 'orderNumber' }],
    suppliedPartString: null,
    lineCounts: {
      total: 4,
      byStatus: {
        MATCHED: matched,
        NOT_FOUND: 0,
        DUPLICATE: 4 - matched,
        WRONG_UNIT: 0,
        MISSING_VALUES: 0,
        SUPPLIED: 0,
      },
    },
    successRate,
    createDate: '2026-11-22T22:00:00.000Z',
    lastUpdate: '2026-11-22T22:00:00.000Z',
  };
}

/** The session of an operator user, with or without the admin flag. */
function operatorClient(admin: boolean): QueryClient {
  const client = clientFor('CUSTOMER');
  const session = client.getQueryData(sessionQueryKey) as { user: object; company: object };
  client.setQueryData(sessionQueryKey, {
    user: { ...session.user, admin },
    company: { ...session.company, type: 'ADMIN' },
  });
  client.setQueryData(adminBomQueryKeys.one(BOM_ID), result(50));
  return client;
}

function serve() {
  let unknown = BEFORE;
  return stubApi({
    'GET /api/admin/bom/manufacturer-names': () => json(unknown),
    'GET /api/manufacturer/all': () => json({ content: [SIEMENS], totalElements: 1 }),
    'POST /api/admin/bom/manufacturer-names': () => {
      unknown = AFTER;
      return json({
        manufacturer: { id: SIEMENS.id, displayName: SIEMENS.displayName },
        rematchedLines: 2,
        bom: result(100),
        unknownManufacturers: AFTER,
      });
    },
  });
}

function renderPanel(client: QueryClient) {
  const user = userEvent.setup();
  renderWithProviders(
    <QueryClientProvider client={client}>
      <BomImportUnknownManufacturers bomId={BOM_ID} />
    </QueryClientProvider>,
  );
  return user;
}

afterEach(() => vi.unstubAllGlobals());

describe('BomImportUnknownManufacturers ("Unbekannte Hersteller" of a BOM import result)', () => {
  it('lists the unknown names with their line counts and both actions for an operator administrator', async () => {
    serve();
    renderPanel(operatorClient(true));
    const panel = await screen.findByRole('region', { name: 'Unbekannte Hersteller' });
    expect(
      within(panel).getByRole('heading', { level: 2, name: 'Unbekannte Hersteller' }),
    ).toBeInTheDocument();
    const siem = within(panel).getByRole('group', { name: 'SIEM' });
    expect(siem).toHaveTextContent('2 Zeilen');
    expect(within(panel).getByRole('group', { name: 'HELU' })).toHaveTextContent('1 Zeile');
    expect(within(siem).getByRole('button', { name: '„SIEM“ anlegen' })).toBeEnabled();
    expect(within(siem).getByRole('button', { name: 'als Variante von … zuordnen' })).toBeDisabled();
    expect(
      within(siem).getByRole('combobox', { name: 'Vorhandener Hersteller für „SIEM“' }),
    ).toBeInTheDocument();
  });

  it('"als Variante von Siemens zuordnen": the call, the toast, the new success rate and the list read again', async () => {
    const api = serve();
    const client = operatorClient(true);
    const user = renderPanel(client);
    const siem = await screen.findByRole('group', { name: 'SIEM' });
    await user.click(within(siem).getByRole('combobox', { name: 'Vorhandener Hersteller für „SIEM“' }));
    await user.click(await screen.findByRole('option', { name: 'Siemens' }));
    await user.click(within(siem).getByRole('button', { name: 'als Variante von Siemens zuordnen' }));

    await waitFor(() => expect(api.calls('POST /api/admin/bom/manufacturer-names')).toHaveLength(1));
    expect(api.calls('POST /api/admin/bom/manufacturer-names')[0]?.body).toEqual({
      id: BOM_ID,
      action: 'VARIANT',
      name: 'SIEM',
      targetId: SIEMENS.id,
    });
    expect(
      await screen.findByText(
        '„SIEM“ ist jetzt eine Namensvariante des Herstellers „Siemens“; 2 Zeilen wurden neu abgeglichen.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('group', { name: 'SIEM' })).not.toBeInTheDocument());
    expect(screen.getByRole('group', { name: 'HELU' })).toBeInTheDocument();
    expect((client.getQueryData(adminBomQueryKeys.one(BOM_ID)) as AdminBom).successRate).toBe(100);
    expect(api.calls('GET /api/admin/bom/manufacturer-names').length).toBeGreaterThan(1);
  });

  it('"anlegen" creates the manufacturer from the name', async () => {
    const api = serve();
    const user = renderPanel(operatorClient(true));
    const helu = await screen.findByRole('group', { name: 'HELU' });
    await user.click(within(helu).getByRole('button', { name: '„HELU“ anlegen' }));
    await waitFor(() => expect(api.calls('POST /api/admin/bom/manufacturer-names')).toHaveLength(1));
    expect(api.calls('POST /api/admin/bom/manufacturer-names')[0]?.body).toEqual({
      id: BOM_ID,
      action: 'CREATE',
      name: 'HELU',
    });
  });

  it('a refusal is shown and the row is offered again', async () => {
    const api = stubApi({
      'GET /api/admin/bom/manufacturer-names': () => json(BEFORE),
      'GET /api/manufacturer/all': () => json({ content: [SIEMENS], totalElements: 1 }),
      'POST /api/admin/bom/manufacturer-names': () =>
        json({ code: 'NAME_TAKEN', message: 'Diese Bezeichnung wird bereits verwendet.' }, 409),
    });
    const user = renderPanel(operatorClient(true));
    const helu = await screen.findByRole('group', { name: 'HELU' });
    await user.click(within(helu).getByRole('button', { name: '„HELU“ anlegen' }));
    expect(
      await screen.findByText(
        '„HELU“ konnte nicht zugeordnet werden: Diese Bezeichnung wird bereits verwendet.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(helu).getByRole('button', { name: '„HELU“ anlegen' })).toBeEnabled());
    expect(api.calls('POST /api/admin/bom/manufacturer-names')).toHaveLength(1);
  });

  it('the operator staff read the names and who assigns them, without actions', async () => {
    const api = serve();
    renderPanel(operatorClient(false));
    const panel = await screen.findByRole('region', { name: 'Unbekannte Hersteller' });
    expect(within(panel).getByRole('group', { name: 'SIEM' })).toHaveTextContent('2 Zeilen');
    expect(panel).toHaveTextContent('Ein Administrator des Portalbetreibers ordnet sie einem Hersteller zu.');
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
    expect(api.calls('GET /api/manufacturer/all')).toHaveLength(0);
  });
});
