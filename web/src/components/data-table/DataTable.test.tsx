import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@portal/domain/enums';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchMediaQueries, renderWithProviders } from '../test/render';
import { DataTable, NARROW_SCREEN_QUERY } from './DataTable';
import type { DataTableColumn, DataTableProps, DataTableSort } from './types';

interface Part {
  id: string;
  name: string;
  price: number;
}

const parts: Part[] = Array.from({ length: 3 }, (_, index) => ({
  id: `p${index + 1}`,
  name: `Klemme ${index + 1}`,
  price: index + 1,
}));

const columns: DataTableColumn<Part>[] = [
  { key: 'name', header: 'Bezeichnung', sortable: true, render: (row) => row.name },
  { key: 'price', header: 'Preis', sortable: true, render: (row) => `${row.price} €` },
  { key: 'note', header: 'Notiz', render: () => '–' },
];

function renderTable(overrides: Partial<DataTableProps<Part>> = {}) {
  const props: DataTableProps<Part> = {
    columns,
    rows: parts,
    getRowId: (row) => row.id,
    total: parts.length,
    page: 1,
    pageSize: 10,
    onPageChange: vi.fn(),
    onPageSizeChange: vi.fn(),
    'aria-label': 'Artikel',
    ...overrides,
  };
  renderWithProviders(<DataTable {...props} />);
  return props;
}

/** A caller that owns sort and selection, like a list page does. */
function StatefulTable({ initialSelection = [] as string[] }) {
  const [sort, setSort] = useState<DataTableSort | undefined>();
  const [selectedIds, setSelectedIds] = useState(initialSelection);
  return (
    <>
      <DataTable
        columns={columns}
        rows={parts}
        getRowId={(row) => row.id}
        total={30}
        page={1}
        pageSize={10}
        onPageChange={() => {}}
        onPageSizeChange={() => {}}
        sort={sort}
        onSortChange={setSort}
        selectable
        selectedIds={selectedIds}
        onSelectionChange={setSelectedIds}
        aria-label="Artikel"
      />
      <output aria-label="Auswahl">{selectedIds.join(',')}</output>
    </>
  );
}

describe('DataTable', () => {
  let restoreMedia: (() => void) | undefined;
  afterEach(() => restoreMedia?.());

  it('shows headers and one row per entry with the rendered cells', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Artikel' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Bezeichnung', 'Preis', 'Notiz']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Klemme 2', '2 €', '–']);
  });

  it('sorts a column ascending on the first click and descending on the second', async () => {
    const user = userEvent.setup();
    renderWithProviders(<StatefulTable />);
    const header = screen.getByRole('columnheader', { name: 'Bezeichnung' });
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(within(screen.getByRole('columnheader', { name: 'Notiz' })).queryByRole('button')).toBeNull();

    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(screen.getByRole('columnheader', { name: 'Preis' })).getByRole('button'));
    expect(screen.getByRole('columnheader', { name: 'Preis' })).toHaveAttribute('aria-sort', 'ascending');
    expect(header).toHaveAttribute('aria-sort', 'none');
  });

  it('reports the next sort to the caller', async () => {
    const onSortChange = vi.fn();
    renderTable({ sort: { column: 'price', descending: false }, onSortChange });
    await userEvent.click(within(screen.getByRole('columnheader', { name: 'Preis' })).getByRole('button'));
    expect(onSortChange).toHaveBeenCalledWith({ column: 'price', descending: true });
  });

  it('selects and deselects the visible page with the header checkbox, keeping other pages', async () => {
    const user = userEvent.setup();
    renderWithProviders(<StatefulTable initialSelection={['other-page']} />);
    const all = screen.getByRole('checkbox', { name: 'Alle auswählen' });
    expect(all).not.toBeChecked();

    await user.click(all);
    expect(screen.getByRole('status', { name: 'Auswahl' })).toHaveTextContent('other-page,p1,p2,p3');
    expect(all).toBeChecked();

    await user.click(all);
    expect(screen.getByRole('status', { name: 'Auswahl' })).toHaveTextContent(/^other-page$/);
  });

  it('gives the selection column a header text and names each row checkbox by its row', () => {
    renderTable({ selectable: true, onSelectionChange: vi.fn(), getRowLabel: (row) => row.name });
    const table = screen.getByRole('table', { name: 'Artikel' });
    const [selection] = within(table).getAllByRole('columnheader');
    expect(selection).toHaveTextContent('Auswahl');
    expect(within(selection!).getByRole('checkbox')).toHaveAccessibleName('Alle auswählen');
    expect(screen.getByRole('checkbox', { name: 'Klemme 2 auswählen' })).toBeInTheDocument();
  });

  it('selects single rows and marks the header checkbox as partly selected', async () => {
    const user = userEvent.setup();
    renderWithProviders(<StatefulTable />);
    await user.click(screen.getByRole('checkbox', { name: 'Zeile 2 auswählen' }));
    expect(screen.getByRole('status', { name: 'Auswahl' })).toHaveTextContent(/^p2$/);
    expect(screen.getByRole('checkbox', { name: 'Alle auswählen' })).toHaveAttribute(
      'data-indeterminate',
      'true',
    );

    await user.click(screen.getByRole('checkbox', { name: 'Zeile 2 auswählen' }));
    expect(screen.getByRole('status', { name: 'Auswahl' })).toBeEmptyDOMElement();
  });

  it('opens a row by click or Enter, but not when its checkbox is clicked', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    renderTable({ onRowClick, selectable: true, onSelectionChange: vi.fn() });
    await user.click(screen.getByRole('cell', { name: 'Klemme 3' }));
    expect(onRowClick).toHaveBeenLastCalledWith(parts[2]);

    await user.click(screen.getByRole('checkbox', { name: 'Zeile 1 auswählen' }));
    expect(onRowClick).toHaveBeenCalledTimes(1);

    screen.getByRole('cell', { name: 'Klemme 1' }).closest('tr')!.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(parts[0]);
  });

  it('shows the total count in German', () => {
    renderTable({ total: 42 });
    expect(screen.getByText('42 Einträge')).toBeInTheDocument();
  });

  it('shows a single entry in the singular', () => {
    renderTable({ rows: parts.slice(0, 1), total: 1 });
    expect(screen.getByText('1 Eintrag')).toBeInTheDocument();
  });

  it('offers the page sizes of SPEC §9 and goes back to page 1 when the size changes', async () => {
    const props = renderTable({ total: 100, page: 3, pageSize: DEFAULT_PAGE_SIZE });
    const select = screen.getByRole('combobox', { name: 'Einträge pro Seite' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(PAGE_SIZES.map(String));
    expect(select).toHaveValue(String(DEFAULT_PAGE_SIZE));

    await userEvent.selectOptions(select, '25');
    expect(props.onPageSizeChange).toHaveBeenCalledWith(25);
    expect(props.onPageChange).toHaveBeenCalledWith(1);
  });

  it('lists all pages up to 6 pages without an ellipsis', () => {
    renderTable({ total: 60 });
    const nav = screen.getByRole('navigation', { name: 'Seitennavigation' });
    expect(within(nav).getAllByRole('button', { name: /^Seite/ })).toHaveLength(6);
    expect(nav).not.toHaveTextContent('…');
  });

  it('collapses more than 6 pages with an ellipsis and navigates between pages', async () => {
    const user = userEvent.setup();
    const props = renderTable({ total: 100 });
    const nav = screen.getByRole('navigation', { name: 'Seitennavigation' });
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Seite/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '10']);
    expect(nav).toHaveTextContent('…');
    expect(within(nav).getByRole('button', { name: 'Seite 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Vorherige Seite' })).toBeDisabled();

    await user.click(within(nav).getByRole('button', { name: 'Seite 10' }));
    expect(props.onPageChange).toHaveBeenLastCalledWith(10);
    await user.click(within(nav).getByRole('button', { name: 'Nächste Seite' }));
    expect(props.onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('disables the next button on the last page', () => {
    renderTable({ total: 25, page: 3 });
    expect(screen.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Vorherige Seite' })).toBeEnabled();
  });

  it('moves to the last page that has rows when the current page is beyond it', () => {
    const props = renderTable({ total: 12, page: 5 });
    expect(props.onPageChange).toHaveBeenCalledWith(2);
  });

  it('shows the German empty text, or the caller’s', () => {
    renderTable({ rows: [], total: 0 });
    expect(screen.getByText('Keine Einträge vorhanden.')).toBeInTheDocument();
  });

  it('shows a custom empty text', () => {
    renderTable({ rows: [], total: 0, emptyText: 'Keine Artikel gefunden.' });
    expect(screen.getByText('Keine Artikel gefunden.')).toBeInTheDocument();
  });

  it('marks the table busy while loading', () => {
    renderTable({ rows: [], total: 0, loading: true });
    expect(screen.getByRole('table', { name: 'Artikel' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Wird geladen …')).toBeInTheDocument();
  });

  it('shows each row as a card with label and value on narrow screens', async () => {
    restoreMedia = matchMediaQueries([NARROW_SCREEN_QUERY]);
    const user = userEvent.setup();
    renderWithProviders(<StatefulTable />);
    expect(await screen.findByRole('list', { name: 'Artikel' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();

    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const terms = within(cards[0]!)
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    const values = within(cards[0]!)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    expect(terms).toEqual(['Bezeichnung', 'Preis', 'Notiz']);
    expect(values).toEqual(['Klemme 1', '1 €', '–']);

    await user.click(screen.getByRole('button', { name: 'Preis' }));
    expect(screen.getByRole('button', { name: 'Preis' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('checkbox', { name: 'Alle auswählen' }));
    expect(screen.getByRole('status', { name: 'Auswahl' })).toHaveTextContent('p1,p2,p3');
  });
});

describe('DataTable: header cells sort, counts with thousands separators', () => {
  it('sorts when the header cell is clicked beside its label, once per click', async () => {
    const onSortChange = vi.fn();
    renderTable({ sort: { column: 'price', descending: false }, onSortChange });
    await userEvent.click(screen.getByRole('columnheader', { name: 'Bezeichnung' }));
    expect(onSortChange).toHaveBeenCalledTimes(1);
    expect(onSortChange).toHaveBeenCalledWith({ column: 'name', descending: false });
    await userEvent.click(within(screen.getByRole('columnheader', { name: 'Preis' })).getByRole('button'));
    expect(onSortChange).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole('columnheader', { name: 'Notiz' }));
    expect(onSortChange).toHaveBeenCalledTimes(2);
  });

  it('counts the entries with a thousands separator', () => {
    renderTable({ total: 403501 });
    expect(screen.getByText('403.501 Einträge')).toBeInTheDocument();
  });
});
