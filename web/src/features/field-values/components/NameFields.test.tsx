import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import '../../../lib/i18n';
import { type NamedFormValues, NameFields } from './NameFields';

function Harness({
  taken,
  onSubmit,
}: {
  taken(name: string): Promise<boolean>;
  onSubmit(values: NamedFormValues): void;
}) {
  const form = useForm<NamedFormValues>({
    defaultValues: { displayName: 'Phoenix Contact', nameVariants: ['Phoenix'], abbreviation: 'PXC' },
  });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)}>
      <NameFields form={form} isTakenElsewhere={taken} />
      <button type="submit">Speichern</button>
    </form>
  );
}

describe('NameFields', () => {
  it('adds a trimmed variant with Enter and refuses names of this or another item', async () => {
    const user = userEvent.setup();
    const taken = vi.fn(async (name: string) => name === 'Siemens');
    const onSubmit = vi.fn();
    renderWithProviders(<Harness taken={taken} onSubmit={onSubmit} />);
    const input = screen.getByTestId('name-variant-input');

    await user.type(input, '  PHOENIX CONTACT GmbH {Enter}');
    await waitFor(() => expect(screen.getAllByTestId('name-variant')).toHaveLength(2));
    expect(input).toHaveValue('');

    await user.type(input, 'pxc{Enter}');
    expect(await screen.findByText('Diese Bezeichnung wird bereits verwendet.')).toBeInTheDocument();
    expect(taken).not.toHaveBeenCalledWith('pxc');
    await user.clear(input);
    await user.type(input, 'Siemens{Enter}');
    expect(await screen.findByText('Diese Bezeichnung wird bereits verwendet.')).toBeInTheDocument();
    expect(screen.getAllByTestId('name-variant')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0].nameVariants).toEqual(['Phoenix', 'PHOENIX CONTACT GmbH']);
  });

  it('promotes a variant to display name and keeps the old display name as variant; removes a variant', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<Harness taken={async () => false} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: '„Phoenix“ als Bezeichnung verwenden' }));
    expect(screen.getByRole('textbox', { name: /Bezeichnung/ })).toHaveValue('Phoenix');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      displayName: 'Phoenix',
      nameVariants: ['Phoenix Contact'],
    });
    await user.click(screen.getByRole('button', { name: '„Phoenix Contact“ entfernen' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0].nameVariants).toEqual([]);
  });
});
