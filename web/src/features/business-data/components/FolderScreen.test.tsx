import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { FOLDER_ID, folder, folderClient, json, stubApi } from '../test/folder-fixtures';
import { FolderScreen } from './FolderScreen';

// pdf.js stays out of the tests: the lazy viewer is replaced by a stand-in that shows what it was given.
vi.mock('./FolderPdfViewer', () => ({
  default: ({ url, filename }: { url: string; filename: string }) => (
    <div data-testid="pdf-viewer" data-url={url}>
      {filename}
    </div>
  ),
}));

const BASE = '/api/offer/businessdata';
let clicked: string[] = [];

beforeEach(() => {
  clicked = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.getAttribute('href') ?? '');
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderScreen(client: QueryClient, value = folder()) {
  const user = userEvent.setup();
  renderWithProviders(
    <QueryClientProvider client={client}>
      <FolderScreen folder={value} />
    </QueryClientProvider>,
    { route: `/business-data/${FOLDER_ID}` },
  );
  return user;
}

const filesTable = () => screen.getByRole('table', { name: 'Ordner' });

describe('FolderScreen, view Ordner', { timeout: 30_000 }, () => {
  it('shows the header, the files and the managing sidebar', async () => {
    stubApi({});
    renderScreen(folderClient('SUPPLIER'));
    expect(screen.getByRole('heading', { name: 'Projektordner R-17' })).toBeInTheDocument();
    expect(screen.getByTestId('folder-header')).toHaveTextContent(
      'A-2026-7 (Version 2) · Kunde: Maschinenbau Kunde GmbH · Lieferant: Schaltanlagen Liefer GmbH',
    );
    expect(screen.getByRole('link', { name: 'Zum Angebot' })).toHaveAttribute(
      'href',
      '/order/55555555-5555-4555-8555-555555555555',
    );
    const nav = screen.getByRole('navigation', { name: 'Bereiche des Projektordners' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Ordner', 'Einstellungen', 'Passwort', 'Externe Nutzer', 'Zugriffsprotokoll']);
    const rows = within(filesTable()).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Schaltplan.pdf')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('3')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Clara Liefer')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Anonymer Besucher')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hochladen' })).toBeInTheDocument();
  });

  it('guests and anonymous visitors get the files only; without write no delete and no upload', () => {
    stubApi({});
    renderScreen(
      folderClient(),
      folder({ viewer: 'ANONYMOUS', rights: { read: true, write: false, manage: false }, settings: null }),
    );
    const nav = screen.getByRole('navigation', { name: 'Bereiche des Projektordners' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Ordner']);
    expect(screen.queryByRole('button', { name: 'Löschen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hochladen' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Herunterladen' })).toBeInTheDocument();
  });

  it('a manager on a guest view sees no settings; without read the "Zugriff verweigert" view', () => {
    stubApi({});
    renderScreen(
      folderClient('EXTERNAL', false),
      folder({ viewer: 'GUEST', rights: { read: false, write: false, manage: true }, items: [] }),
    );
    const nav = screen.getByRole('navigation', { name: 'Bereiche des Projektordners' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Zugriff verweigert']);
    expect(screen.getByTestId('folder-declined')).toHaveTextContent('Zugriff verweigert');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('warns about an empty selection on download and delete and calls nothing', async () => {
    const api = stubApi({});
    const user = renderScreen(folderClient('SUPPLIER'));
    await user.click(screen.getByRole('button', { name: 'Herunterladen' }));
    expect(await screen.findByText('Keine Dateien ausgewählt.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(screen.getAllByText('Keine Dateien ausgewählt.')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Ja' })).not.toBeInTheDocument();
    expect(clicked).toEqual([]);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('downloads one file directly and several as a ZIP through a plain link', async () => {
    stubApi({});
    const user = renderScreen(folderClient('SUPPLIER'));
    await user.click(within(filesTable()).getByRole('checkbox', { name: 'Aufbau.dwg auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Herunterladen' }));
    expect(clicked).toEqual([`${BASE}/file?folderId=${FOLDER_ID}&itemId=item-2`]);

    await user.click(within(filesTable()).getByRole('checkbox', { name: 'Alle auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Herunterladen' }));
    expect(clicked[1]).toBe(`${BASE}/zip?folderId=${FOLDER_ID}&itemIds=item-1%2Citem-2`);
  });

  it('deletes the selected files after Ja (208 counts as success)', async () => {
    const api = stubApi({
      [`POST ${BASE}/delete`]: () => json({ deleted: 1, alreadyDeleted: 1 }, 208),
      [`GET ${BASE}/`]: () => json(folder({ items: [] })),
    });
    const user = renderScreen(folderClient('SUPPLIER'));
    await user.click(within(filesTable()).getByRole('checkbox', { name: 'Alle auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    expect(
      await screen.findByText('Möchten Sie die 2 ausgewählten Dateien wirklich löschen?'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ja' }));
    await waitFor(() => expect(api.calls(`POST ${BASE}/delete`)).toHaveLength(1));
    expect(api.calls(`POST ${BASE}/delete`)[0]!.body).toEqual({
      folderId: FOLDER_ID,
      itemIds: ['item-1', 'item-2'],
    });
    expect(await screen.findByText('Die Dateien wurden gelöscht.')).toBeInTheDocument();
  });

  it('Nein keeps the files', async () => {
    const api = stubApi({});
    const user = renderScreen(folderClient('SUPPLIER'));
    await user.click(within(filesTable()).getByRole('checkbox', { name: 'Schaltplan.pdf auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    await user.click(await screen.findByRole('button', { name: 'Nein' }));
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('copies the public project link', async () => {
    stubApi({});
    const user = renderScreen(folderClient('SUPPLIER'));
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Projektlink kopieren' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/business-data/${FOLDER_ID}`);
    expect(await screen.findByText('Projektlink in die Zwischenablage kopiert.')).toBeInTheDocument();
  });

  it('opens a PDF in the page viewer with the inline address; other files have no "Ansehen"', async () => {
    stubApi({});
    const user = renderScreen(folderClient('SUPPLIER'));
    const rows = within(filesTable()).getAllByRole('row').slice(1);
    expect(within(rows[1]!).queryByRole('button', { name: /Ansehen/ })).not.toBeInTheDocument();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Ansehen: Schaltplan.pdf' }));
    const viewer = await screen.findByTestId('pdf-viewer');
    expect(viewer).toHaveAttribute(
      'data-url',
      `${BASE}/file?folderId=${FOLDER_ID}&itemId=item-1&inline=true`,
    );
  });

  it('shows the server message when an upload fails', async () => {
    stubApi({
      [`POST ${BASE}/`]: () =>
        json({ code: 'FILE_TOO_LARGE', message: 'Die Datei ist zu groß (höchstens 200 MB).' }, 413),
      [`GET ${BASE}/`]: () => json(folder()),
    });
    const user = renderScreen(folderClient('SUPPLIER'));
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'Plan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Die Datei ist zu groß (höchstens 200 MB).')).toBeInTheDocument();
  });
});
