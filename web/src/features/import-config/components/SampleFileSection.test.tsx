import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { stubApi } from '../../../test/stub-api';
import { SampleFileSection } from './SampleFileSection';

afterEach(() => vi.unstubAllGlobals());

describe('SampleFileSection header row (SPEC §5: a whole number >= 1)', () => {
  it('keeps a typed 0, hands it to the form and refuses to read with the German message', async () => {
    const api = stubApi({});
    const onRow = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <SampleFileSection
          filename="katalog.csv"
          samplePath="importSample/x/katalog.csv"
          headerRowIndex={2}
          headerCount={3}
          rowFromConfig
          onHeaderRowIndexChange={onRow}
          onHeaders={vi.fn()}
        />
      </QueryClientProvider>,
    );
    const row = screen.getByRole('textbox', { name: /Kopfzeile \(Zeilennummer\)/ });
    await user.clear(row);
    await user.type(row, '0');
    await user.tab();
    expect(row).toHaveValue('0');
    expect(onRow).toHaveBeenLastCalledWith(0);
    await user.click(screen.getByRole('button', { name: 'Spalten neu einlesen' }));
    expect(await screen.findByText('Bitte geben Sie eine Zahl größer 0 ein.')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it("shows the form's error of the row", () => {
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <SampleFileSection
          filename={null}
          samplePath={null}
          headerRowIndex={0}
          headerCount={0}
          rowFromConfig={false}
          onHeaderRowIndexChange={vi.fn()}
          onHeaders={vi.fn()}
          rowError="Bitte geben Sie eine Zahl größer 0 ein."
        />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Bitte geben Sie eine Zahl größer 0 ein.')).toBeInTheDocument();
  });
});
