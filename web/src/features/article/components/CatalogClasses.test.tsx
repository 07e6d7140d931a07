import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { CatalogClasses } from './CatalogClasses';

describe('CatalogClasses (classes and references of an imported catalog)', () => {
  it('lists ECLASS with IRDI and ETIM with their versions, and the references in German', () => {
    renderWithProviders(
      <CatalogClasses
        classes={[
          { system: 'ECLASS', code: '27141137', version: '14.0', irdi: '0173-1#01-ADO458#005' },
          { system: 'ETIM', code: 'EC000897', version: null, irdi: null },
        ]}
        references={[
          { type: 'accessories', orderNumber: '1050000000' },
          { type: 'followup', orderNumber: '1020000001' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Klassen aus dem Herstellerkatalog' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'SystemKlasseVersionIRDI',
      'ECLASS2714113714.00173-1#01-ADO458#005',
      'ETIMEC000897nicht angegeben–',
    ]);
    expect(screen.getByText('Zubehör: 1050000000')).toBeInTheDocument();
    expect(screen.getByText('Nachfolger: 1020000001')).toBeInTheDocument();
  });

  it('shows nothing for an article without catalog data', () => {
    renderWithProviders(<CatalogClasses classes={[]} references={[]} />);
    expect(screen.queryByTestId('article-catalog-classes')).not.toBeInTheDocument();
  });
});
