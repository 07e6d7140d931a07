import type { ImportRunResponse } from '@portal/domain/schemas/article-import';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../components/test/render';
import { ImportProgress } from './ImportProgress';

const FINISHED: ImportRunResponse = {
  id: '11111111-1111-4111-8111-111111111111',
  state: 'SUCCEEDED',
  configId: '22222222-2222-4222-8222-222222222222',
  configTitle: 'Lieferantenkatalog',
  fileName: 'katalog.csv',
  percent: 100,
  minutesSinceStart: 1,
  createdAt: '2026-03-02T08:00:00.000Z',
  startedAt: '2026-03-02T08:00:01.000Z',
  finishedAt: '2026-03-02T08:01:00.000Z',
  processedRows: 600,
  totalRows: 600,
  createdCount: 0,
  updatedCount: 0,
  unchangedCount: 600,
  errorCount: 0,
  lastCommittedLine: 601,
  message: null,
  warning: false,
  abortRequested: false,
};

function renderProgress(run: ImportRunResponse) {
  return renderWithProviders(
    <QueryClientProvider client={new QueryClient()}>
      <ImportProgress run={run} canEnd />
    </QueryClientProvider>,
  );
}

describe('ImportProgress: results that say what happened', () => {
  it('counts an identical re-import as unchanged, not as updated', () => {
    renderProgress(FINISHED);
    expect(screen.getByText('Unverändert')).toBeInTheDocument();
    expect(screen.getByTestId('import-unchanged')).toHaveTextContent('600');
    expect(screen.getByTestId('import-updated')).toHaveTextContent(/^0$/);
    expect(screen.getByTestId('import-state')).toHaveTextContent('Abgeschlossen');
    expect(screen.getByTestId('import-state')).not.toHaveAttribute('data-warning');
  });

  it('shows a run that took nothing over as a warning with its reason, not as a green success', () => {
    renderProgress({
      ...FINISHED,
      processedRows: 0,
      totalRows: 0,
      unchangedCount: 0,
      lastCommittedLine: null,
      message: 'Die Datei enthält keine Datenzeilen.',
      warning: true,
    });
    const state = screen.getByTestId('import-state');
    expect(state).toHaveTextContent('Abgeschlossen mit Hinweis');
    expect(state).toHaveAttribute('data-warning', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Die Datei enthält keine Datenzeilen.');
  });
});
