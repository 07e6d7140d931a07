import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { OfferHistory } from './OfferHistory';

const change = (field: string, oldValue: string | null, newValue: string | null) => ({
  id: `11111111-1111-4111-8111-${String(field.length).padStart(12, '0')}`,
  userName: 'Lars Lieferant',
  field,
  oldValue,
  newValue,
  createDate: '2026-01-01T10:00:00.000Z',
});

describe('OfferHistory', () => {
  it('shows the offer price the server records as offerPrice in euros, as the form shows it', () => {
    renderWithProviders(
      <OfferHistory
        entries={[change('offerPrice', '11800', '10900.5'), change('deliveryCondition', 'EXW', 'DAP')]}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Änderungsverlauf' })).getAllByRole('row');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.replace(/\s/g, ' ')),
    ).toEqual([expect.any(String), 'Lars Lieferant', 'Preis', '11.800,00 €', '10.900,50 €']);
    expect(within(rows[2]!).getByRole('cell', { name: 'Geliefert benannter Ort (DAP)' })).toBeInTheDocument();
  });
});
