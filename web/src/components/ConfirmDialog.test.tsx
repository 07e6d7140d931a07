import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, confirmAction } from './ConfirmDialog';
import { renderWithProviders } from './test/render';

describe('confirmAction', () => {
  it('asks with Ja/Nein and runs the action on Ja', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(<div />);
    confirmAction({ message: 'Möchten Sie den Artikel wirklich löschen?', onConfirm });

    const dialog = await screen.findByRole('dialog', { name: 'Bitte bestätigen' });
    expect(dialog).toHaveTextContent('Möchten Sie den Artikel wirklich löschen?');
    await userEvent.click(screen.getByRole('button', { name: 'Ja' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does nothing on Nein and uses the given title', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(<div />);
    confirmAction({ title: 'Anfrage archivieren', message: 'Wirklich archivieren?', onConfirm, onCancel });

    await screen.findByRole('dialog', { name: 'Anfrage archivieren' });
    await userEvent.click(screen.getByRole('button', { name: 'Nein' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('ConfirmDialog', () => {
  it('is hidden until opened', () => {
    renderWithProviders(
      <ConfirmDialog opened={false} message="Löschen?" onConfirm={vi.fn()} onCancel={vi.fn()} />,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('calls onConfirm on Ja and onCancel on Nein', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(
      <ConfirmDialog opened message="Nutzer löschen?" onConfirm={onConfirm} onCancel={onCancel} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Bitte bestätigen' });
    expect(dialog).toHaveTextContent('Nutzer löschen?');

    await userEvent.click(screen.getByRole('button', { name: 'Ja' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Nein' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('cancels on Escape', async () => {
    const onCancel = vi.fn();
    renderWithProviders(<ConfirmDialog opened message="Löschen?" onConfirm={vi.fn()} onCancel={onCancel} />);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalled();
  });

  it('keeps Nein disabled while the confirmed action runs', async () => {
    renderWithProviders(
      <ConfirmDialog opened loading message="Löschen?" onConfirm={vi.fn()} onCancel={vi.fn()} />,
    );
    await screen.findByRole('dialog');
    expect(screen.getByRole('button', { name: 'Nein' })).toBeDisabled();
  });
});
