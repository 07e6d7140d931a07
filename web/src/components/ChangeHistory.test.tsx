import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeHistory } from './ChangeHistory';
import { renderWithProviders } from './test/render';

const entry = (field: string, oldValue: string | null, newValue: string | null) => ({
  id: field,
  userName: 'Olga Betreiber',
  field,
  oldValue,
  newValue,
  createDate: '2026-01-01T10:00:00.000Z',
});

describe('ChangeHistory: who changed what, with values as a person reads them', () => {
  it('shows Ja/Nein, German labels and German numbers instead of raw values', () => {
    renderWithProviders(
      <ChangeHistory
        entries={[
          entry('active', 'false', 'true'),
          entry('type', 'EXTERNAL', 'CUSTOMER'),
          entry('wholesalerInfos', null, '55.52; 49.9'),
        ]}
        fieldLabel={(field) => field}
      />,
    );
    for (const text of ['Nein', 'Ja', 'Extern', 'Kunde', '55,52; 49,9']) {
      expect(screen.getByRole('cell', { name: text })).toBeInTheDocument();
    }
    for (const raw of ['true', 'false', 'CUSTOMER', '55.52; 49.9']) {
      expect(screen.queryByRole('cell', { name: raw })).not.toBeInTheDocument();
    }
  });
});
