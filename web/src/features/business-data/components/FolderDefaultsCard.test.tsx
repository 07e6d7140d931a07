import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { folderClient, json, stubApi } from '../test/folder-fixtures';
import { FolderDefaultsCard } from './FolderDefaultsCard';

const URL = '/api/offer/businessdata/defaults';

afterEach(() => vi.unstubAllGlobals());

describe('FolderDefaultsCard', { timeout: 30_000 }, () => {
  it('shows the runtimes per company type and saves an emptied one as unlimited', async () => {
    const api = stubApi({
      [`GET ${URL}`]: () => json({ CUSTOMER: 30, SUPPLIER: null }),
      [`POST ${URL}`]: (init) => json(JSON.parse(String(init?.body))),
    });
    const user = userEvent.setup();
    renderWithProviders(
      <QueryClientProvider client={folderClient()}>
        <FolderDefaultsCard />
      </QueryClientProvider>,
    );
    const customer = await screen.findByLabelText('Einladungen von Kunden (Tage)');
    await waitFor(() => expect(customer).toHaveValue('30'));
    expect(screen.getByLabelText('Einladungen von Lieferanten (Tage)')).toHaveValue('');
    await user.clear(customer);
    await user.type(screen.getByLabelText('Einladungen von Lieferanten (Tage)'), '14');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.calls(`POST ${URL}`)).toHaveLength(1));
    expect(api.calls(`POST ${URL}`)[0]!.body).toEqual({ CUSTOMER: null, SUPPLIER: 14 });
    expect(await screen.findByText('Die Laufzeiten wurden gespeichert.')).toBeInTheDocument();
  });

  it('stays hidden for those who may not read the defaults', async () => {
    const api = stubApi({ [`GET ${URL}`]: () => json({ code: 'FORBIDDEN', message: 'Kein Zugriff.' }, 403) });
    renderWithProviders(
      <QueryClientProvider client={folderClient()}>
        <FolderDefaultsCard />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(api.calls(`GET ${URL}`)).toHaveLength(1));
    expect(screen.queryByTestId('folder-defaults')).not.toBeInTheDocument();
  });
});
