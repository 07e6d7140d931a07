import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { estimate } from '../../../test/bom-fixtures';
import { BomEstimateCard } from './BomEstimateCard';

describe('BomEstimateCard (SPEC §9)', () => {
  it('shows low–high per cabinet and for the amount in whole euros', () => {
    renderWithProviders(<BomEstimateCard estimate={estimate()} />);
    expect(screen.getByTestId('bom-estimate-per-cabinet')).toHaveTextContent(
      '1.234 € – 1.890 € je Schaltschrank',
    );
    expect(screen.getByTestId('bom-estimate-total')).toHaveTextContent('2 Schaltschränke: 2.468 € – 3.780 €');
  });

  it('says "1 Schaltschrank" for an amount of one', () => {
    renderWithProviders(
      <BomEstimateCard estimate={estimate({ amount: 1, total: { low: 1234, high: 1890 } })} />,
    );
    expect(screen.getByTestId('bom-estimate-total')).toHaveTextContent('1 Schaltschrank: 1.234 € – 1.890 €');
  });

  it('"1 Teil", not "1 Teile", in the breakdown', async () => {
    const user = userEvent.setup();
    const base = estimate().breakdown;
    const one = estimate({
      breakdown: {
        ...base,
        suppliedParts: {
          count: 1,
          surcharge: 50,
          tiers: [{ from: 1, to: 10, count: 1, rate: 50, amount: 50 }],
        },
        work: { ...base.work, unmatchedParts: 1 },
      },
    });
    renderWithProviders(<BomEstimateCard estimate={one} />);
    await user.click(screen.getByRole('button', { name: 'Aufschlüsselung' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aufschlüsselung des Schätzpreises' });
    expect(dialog).toHaveTextContent('1 Teil, Zuschlag 50,00 €');
    expect(dialog).toHaveTextContent('1 nicht zugeordnetes Teil');
    expect(dialog).not.toHaveTextContent('1 Teile');
  });

  it('shows nothing without an estimate', () => {
    renderWithProviders(<BomEstimateCard estimate={null} />);
    expect(screen.queryByTestId('bom-estimate')).not.toBeInTheDocument();
    expect(screen.queryByText('Schätzpreis')).not.toBeInTheDocument();
  });

  it('"Aufschlüsselung" lists every step in German', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BomEstimateCard estimate={estimate()} />);
    await user.click(screen.getByRole('button', { name: 'Aufschlüsselung' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aufschlüsselung des Schätzpreises' });
    const row = (label: string) => within(dialog).getByText(label, { exact: true }).closest('tr')!;
    expect(row('Zeilen der Stückliste')).toHaveTextContent(
      '120 Zeilen, davon 12 beigestellt und 12 fehlerhaft',
    );
    expect(row('Material mit Rabattgruppe')).toHaveTextContent('3.000,00 €');
    expect(row('Übriges Material')).toHaveTextContent('500,00 €');
    expect(row('Material gesamt')).toHaveTextContent('96 Zeilen mit Preis, 24 ohne Preis');
    expect(row('Fehlerfaktor')).toHaveTextContent('1,1');
    expect(row('Aufschlag niedrig')).toHaveTextContent('665,50 €');
    expect(row('Aufschlag niedrig')).toHaveTextContent(
      '(20 % × Material mit Rabattgruppe + 1 % × Übriges Material)',
    );
    expect(row('Aufschlag hoch')).toHaveTextContent('1.210,00 €');
    expect(row('Beistellteile')).toHaveTextContent('12 Teile, Zuschlag 560,00 €');
    expect(row('Beistellteile')).toHaveTextContent('Staffel 1 bis 10: 10 × 50,00 € = 500,00 €');
    expect(row('Beistellteile')).toHaveTextContent('Staffel 11 bis 30: 2 × 30,00 € = 60,00 €');
    expect(row('Arbeitszeit')).toHaveTextContent('420 bis 480 Minuten');
    expect(row('Arbeitszeit')).toHaveTextContent(
      '300 Minuten für zugeordnete Teile, 12 nicht zugeordnete Teile',
    );
    expect(row('Stundensatz')).toHaveTextContent('65,00 € je Stunde');
    expect(row('Arbeitskosten niedrig')).toHaveTextContent('364,00 €');
    expect(row('Arbeitskosten niedrig')).toHaveTextContent('Faktor 0,8');
    expect(row('Arbeitskosten hoch')).toHaveTextContent('520,00 €');
    expect(row('Exakt vor Rundung')).toHaveTextContent('1.233,67 € – 1.890,25 €');
    expect(row('Gerundet je Schaltschrank')).toHaveTextContent('1.234 € – 1.890 €');
    expect(dialog).not.toHaveTextContent(/undefined|NaN|true|false/);
  });
});
