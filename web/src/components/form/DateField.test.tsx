import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DateField, parseGermanDay } from './DateField';

describe('parseGermanDay', () => {
  it('reads German and ISO days and refuses what is no real day', () => {
    expect(parseGermanDay('01.06.2030')).toBe('2030-06-01');
    expect(parseGermanDay(' 1.6.2030 ')).toBe('2030-06-01');
    expect(parseGermanDay('2030-06-01')).toBe('2030-06-01');
    expect(parseGermanDay('31.02.2030')).toBeNull();
    expect(parseGermanDay('06/01/2030')).toBeNull();
    expect(parseGermanDay('')).toBeNull();
  });
});

function Harness({ onValue }: { onValue: (value: string) => void }) {
  const form = useForm<{ day: string }>({ defaultValues: { day: '2030-06-01' } });
  return (
    <form onSubmit={form.handleSubmit((values) => onValue(values.day))}>
      <DateField control={form.control} name="day" label="Liefertermin" />
      <button type="submit">Speichern</button>
    </form>
  );
}

describe('DateField', () => {
  it('shows the day in German and takes a typed German day as YYYY-MM-DD', async () => {
    const onValue = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Harness onValue={onValue} />);
    const input = screen.getByLabelText('Liefertermin', { selector: 'input' });
    expect(input).toHaveValue('01.06.2030');
    await user.clear(input);
    await user.type(input, '24.12.2031');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onValue).toHaveBeenCalledWith('2031-12-24');
  });
});
