import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../components/test/render';
import i18n from './i18n';
import { notify } from './notify';

describe('toasts and their texts', () => {
  it('the result of an upload takes the place of its pending toast', async () => {
    renderWithProviders(<div />);
    notify('ARTICLE', 'upload', 'pending');
    expect(await screen.findByText('Datei wird hochgeladen …')).toBeInTheDocument();
    notify('ARTICLE', 'upload', 'success');
    expect(await screen.findByText(/danach zeigt die Vorschau, was der Import ändert/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Datei wird hochgeladen …')).not.toBeInTheDocument());
  });

  it('the export toast says its sentence once', async () => {
    renderWithProviders(<div />);
    notify(
      'ARTICLE',
      'export',
      'success',
      i18n.t('article:export.started', { fileName: 'Artikelexport.csv' }),
    );
    const toast = (await screen.findByText(/Artikelexport\.csv/)).closest('.mantine-Notification-root');
    expect(toast?.textContent?.match(/Sie erhalten eine E-Mail/g)).toHaveLength(1);
  });

  it('one entry that could not be deleted is named in the singular', () => {
    expect(i18n.t('fieldvalues:list.deleteResult', { deleted: 2, count: 1 })).toBe(
      '2 gelöscht, 1 Eintrag konnte nicht gelöscht werden (stellen Sie sicher, dass er nicht verwendet wird).',
    );
    expect(i18n.t('fieldvalues:list.deleteResult', { deleted: 0, count: 3 })).toContain('3 Einträge konnten');
  });
});
