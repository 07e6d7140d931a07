import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { NumberField } from './NumberField';

interface Values {
  price: number | null;
}

function PriceForm({
  onSubmit,
  initial = null,
  ...props
}: {
  onSubmit: (values: Values) => void;
  initial?: number | null;
  min?: number;
  max?: number;
  step?: number;
  decimalScale?: number;
  required?: boolean;
}) {
  const form = useForm<Values>({ defaultValues: { price: initial } });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <NumberField control={form.control} name="price" label="Preis" {...props} />
      <button type="button" onClick={() => form.reset({ price: 2.5 })}>
        Zurücksetzen
      </button>
      <button type="submit">Speichern</button>
    </form>
  );
}

function renderPrice(props: Omit<Parameters<typeof PriceForm>[0], 'onSubmit'> = {}) {
  const onSubmit = vi.fn();
  renderWithProviders(<PriceForm onSubmit={onSubmit} {...props} />);
  return { onSubmit, input: screen.getByRole('textbox', { name: /Preis/ }) };
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Speichern' }));

describe('NumberField', () => {
  it('shows German separators and gives the form a number', async () => {
    const { onSubmit, input } = renderPrice();
    await userEvent.type(input, '1234,5');
    expect(input).toHaveValue('1.234,5');
    await submit();
    expect(onSubmit.mock.calls[0]![0]).toEqual({ price: 1234.5 });
  });

  it('keeps a trailing comma while typing', async () => {
    const { input } = renderPrice();
    await userEvent.type(input, '3,');
    expect(input).toHaveValue('3,');
    await userEvent.type(input, '75');
    expect(input).toHaveValue('3,75');
  });

  it('shows a value from the form in German notation', () => {
    const { input } = renderPrice({ initial: 19999.99 });
    expect(input).toHaveValue('19.999,99');
  });

  it('gives null for an empty input', async () => {
    const { onSubmit, input } = renderPrice({ initial: 7 });
    await userEvent.clear(input);
    await submit();
    expect(onSubmit.mock.calls[0]![0]).toEqual({ price: null });
  });

  it('shows a value set from outside', async () => {
    const { input } = renderPrice();
    await userEvent.type(input, '9');
    await userEvent.click(screen.getByRole('button', { name: 'Zurücksetzen' }));
    expect(input).toHaveValue('2,5');
  });

  it('keeps a value beyond min and max when leaving the field, for the schema to refuse', async () => {
    const { onSubmit, input } = renderPrice({ min: 0, max: 100 });
    await userEvent.type(input, '150');
    fireEvent.blur(input);
    expect(input).toHaveValue('150');
    await submit();
    expect(onSubmit.mock.calls[0]![0]).toEqual({ price: 150 });
    await userEvent.clear(input);
    await userEvent.type(input, '-3');
    fireEvent.blur(input);
    expect(input).toHaveValue('-3');
  });

  it('steps by the given step with the arrow keys', async () => {
    const { input } = renderPrice({ initial: 1, step: 0.5 });
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowUp}');
    expect(input).toHaveValue('1,5');
  });

  it('allows whole numbers only with decimalScale 0', async () => {
    const { input } = renderPrice({ decimalScale: 0 });
    await userEvent.type(input, '12,5');
    expect(input).toHaveValue('125');
  });

  it('shows the German required message', async () => {
    const { input } = renderPrice({ required: true });
    await submit();
    expect(await screen.findByText('Bitte füllen Sie dieses Feld aus.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});
