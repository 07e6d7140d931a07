import { zodResolver } from '@hookform/resolvers/zod';
import { type ArticleBody, type ArticleValues, articleFormSchema } from '@portal/domain/schemas/article';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { EMPTY_ARTICLE } from './article-form-values';
import { WholesalerPrices } from './WholesalerPrices';

const WHOLESALERS = [
  { value: '11111111-1111-4111-8111-111111111111', label: 'Sonepar' },
  { value: '22222222-2222-4222-8222-222222222222', label: 'Rexel' },
];

function Harness({ onSubmit }: { onSubmit(values: ArticleValues): void }) {
  const form = useForm<ArticleBody, unknown, ArticleValues>({
    resolver: zodResolver(articleFormSchema),
    defaultValues: {
      ...EMPTY_ARTICLE,
      manufacturerId: '33333333-3333-4333-8333-333333333333',
      orderNumber: '3044076',
    },
  });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <WholesalerPrices control={form.control} wholesalers={WHOLESALERS} />
      <button type="submit">Speichern</button>
    </form>
  );
}

async function chooseWholesaler(row: HTMLElement, name: string) {
  const user = userEvent.setup();
  await user.click(within(row).getByRole('combobox', { name: /^Großhändler/ }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('WholesalerPrices (SPEC §3 wholesalerInfos)', () => {
  it('adds rows, offers each wholesaler once and submits the rows with German decimals', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    expect(screen.getByText('Keine Großhändlerpreise eingetragen.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Großhändler hinzufügen' }));
    const [first] = screen.getAllByTestId('wholesaler-row');
    await chooseWholesaler(first!, 'Sonepar');
    await user.type(
      within(first!).getByRole('textbox', { name: 'Bestellnummer beim Großhändler' }),
      'SON-4711',
    );
    await user.type(within(first!).getByRole('textbox', { name: 'Einkaufspreis (EUR)' }), '12,5');

    await user.click(screen.getByRole('button', { name: 'Großhändler hinzufügen' }));
    const second = screen.getAllByTestId('wholesaler-row')[1]!;
    await user.click(within(second).getByRole('combobox', { name: /^Großhändler/ }));
    const offered = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(offered).toEqual(['Rexel']);
    await user.click(screen.getByRole('option', { name: 'Rexel' }));
    // every wholesaler has its row now
    expect(screen.getByRole('button', { name: 'Großhändler hinzufügen' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].wholesalerInfos).toEqual([
      { wholesalerId: WHOLESALERS[0]!.value, orderNumber: 'SON-4711', purchasePrice: 12.5 },
      { wholesalerId: WHOLESALERS[1]!.value, orderNumber: null, purchasePrice: null },
    ]);
  });

  it('asks for the wholesaler of a new row and removes a row', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Großhändler hinzufügen' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Bitte wählen Sie einen Großhändler.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Zeile entfernen' }));
    expect(screen.queryAllByTestId('wholesaler-row')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  });
});
