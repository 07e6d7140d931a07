import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { TableSearch } from './TableSearch';
import { useTableState } from './use-table-state';

function SearchedList() {
  const table = useTableState();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <TableSearch table={table} label="Suche" />
      <output data-testid="url">{location.search}</output>
      <button type="button" onClick={() => navigate('/liste?search=Klemme')}>
        Verlinkte Suche
      </button>
    </>
  );
}

describe('TableSearch', () => {
  it('keeps every typed character and hands the whole term to the list, back on page 1', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchedList />, { route: '/liste?page=3' });
    await user.type(screen.getByLabelText('Suche'), '3RT2015-1BB41');
    expect(screen.getByLabelText('Suche')).toHaveValue('3RT2015-1BB41');
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('?search=3RT2015-1BB41'));
  });

  it('shows a search the URL got from elsewhere (a link, back/forward)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SearchedList />, { route: '/liste' });
    await user.click(screen.getByRole('button', { name: 'Verlinkte Suche' }));
    await waitFor(() => expect(screen.getByLabelText('Suche')).toHaveValue('Klemme'));
  });
});
