import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { OFFER_ID, offer } from '../../../test/offer-articles-fixtures';
import { OfferDownloads } from './OfferDownloads';

function fileResponse(name: string) {
  return new Response('inhalt', {
    status: 200,
    headers: { 'content-disposition': `attachment; filename="${name}"` },
  });
}

let saved: string[];

beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:datei');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('OfferDownloads: the ZIP and the exports of an offer', { timeout: 30_000 }, () => {
  it('"Herunterladen" fetches the ZIP of the offer under the server\'s name', async () => {
    const fetchMock = vi.fn(async (_url: string) => fileResponse('A-2026-17.zip'));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<OfferDownloads offer={offer()} />);
    await user.click(screen.getByRole('button', { name: 'Herunterladen' }));
    await waitFor(() => expect(saved).toEqual(['A-2026-17.zip']));
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/offer/download?offerId=${OFFER_ID}`);
  });

  it('"Exportieren" offers the four exports as Excel and CSV and downloads the chosen one', async () => {
    const fetchMock = vi.fn(async (_url: string) => fileResponse('Kunden-Stueckliste.csv'));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<OfferDownloads offer={offer()} />);
    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual([
      'Lieferanten-Stückliste als Excel (.xlsx)',
      'Lieferanten-Stückliste als CSV (.csv)',
      'Kunden-Stückliste als Excel (.xlsx)',
      'Kunden-Stückliste als CSV (.csv)',
      'Fertigungsstückliste als Excel (.xlsx)',
      'Fertigungsstückliste als CSV (.csv)',
      'Summenstückliste als Excel (.xlsx)',
      'Summenstückliste als CSV (.csv)',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Kunden-Stückliste als CSV (.csv)' }));
    await waitFor(() => expect(saved).toEqual(['Kunden-Stueckliste.csv']));
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://portal.test');
    expect(url.pathname).toBe('/api/offer/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      offerId: OFFER_ID,
      kind: 'customer',
      format: 'csv',
    });
  });

  it('customers are not offered the supplier export', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OfferDownloads offer={offer({}, { role: 'CUSTOMER', edit: false })} />);
    await user.click(screen.getByRole('button', { name: 'Exportieren' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toHaveLength(6);
    expect(items.join(' ')).not.toContain('Lieferanten-Stückliste');
    expect(items).toContain('Summenstückliste als Excel (.xlsx)');
  });

  it('says in German when a download fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Das Angebot wurde nicht gefunden.' }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<OfferDownloads offer={offer()} />);
    await user.click(screen.getByRole('button', { name: 'Herunterladen' }));
    expect(
      await screen.findByText('Der Download ist fehlgeschlagen: Das Angebot wurde nicht gefunden.'),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
