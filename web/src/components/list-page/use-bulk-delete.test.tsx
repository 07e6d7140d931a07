import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DeleteSelectedButton } from './DeleteSelectedButton';
import { type BulkMutation, type BulkResult, useBulkDelete } from './use-bulk-delete';

type Outcome = { result: BulkResult } | { error: Error };

/** A list of two rows with checkboxes and the delete button, over a mutation that answers `outcome`. */
function renderList(outcome: Outcome) {
  const mutate = vi.fn<BulkMutation<BulkResult>['mutate']>((_ids, callbacks) => {
    if ('error' in outcome) callbacks.onError(outcome.error);
    else callbacks.onSuccess(outcome.result);
  });
  function List() {
    const { selectedIds, setSelectedIds, requestDelete } = useBulkDelete({
      mutation: { mutate },
      confirmMessage: (count) => `Möchten Sie ${count} Einträge wirklich löschen?`,
      doneMessage: () => 'Die Einträge wurden gelöscht.',
      notAllMessage: 'Nicht alle Einträge konnten gelöscht werden.',
    });
    return (
      <>
        {['a', 'b'].map((id) => (
          <label key={id}>
            <input
              type="checkbox"
              checked={selectedIds.includes(id)}
              onChange={(event) =>
                setSelectedIds(
                  event.currentTarget.checked ? [...selectedIds, id] : selectedIds.filter((x) => x !== id),
                )
              }
            />
            {`Zeile ${id}`}
          </label>
        ))}
        <DeleteSelectedButton selected={selectedIds.length} onClick={requestDelete} label="Löschen" />
      </>
    );
  }
  renderWithProviders(<List />);
  return mutate;
}

async function selectBothAndDelete(user: ReturnType<typeof userEvent.setup>) {
  const button = screen.getByRole('button', { name: 'Löschen' });
  expect(button).toBeDisabled();
  await user.click(screen.getByRole('checkbox', { name: 'Zeile a' }));
  await user.click(screen.getByRole('checkbox', { name: 'Zeile b' }));
  await user.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'Bitte bestätigen' });
  expect(dialog).toHaveTextContent('Möchten Sie 2 Einträge wirklich löschen?');
}

// Toasts live in a store shared by all tests of the file.
beforeEach(() => notifications.clean());

describe('useBulkDelete with DeleteSelectedButton', { timeout: 30_000 }, () => {
  it('asks first and does nothing on "Nein"; the selection stays', async () => {
    const user = userEvent.setup();
    const mutate = renderList({ result: { failed: [] } });
    await selectBothAndDelete(user);
    await user.click(screen.getByRole('button', { name: 'Nein' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mutate).not.toHaveBeenCalled();
    expect(screen.getByRole('checkbox', { name: 'Zeile a' })).toBeChecked();
  });

  it('deletes the selected rows on "Ja", reports success and clears the selection', async () => {
    const user = userEvent.setup();
    const mutate = renderList({ result: { failed: [] } });
    await selectBothAndDelete(user);
    await user.click(screen.getByRole('button', { name: 'Ja' }));
    expect(mutate).toHaveBeenCalledWith(['a', 'b'], expect.anything());
    expect(await screen.findByText('Die Einträge wurden gelöscht.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Zeile a' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Löschen' })).toBeDisabled();
  });

  it('reports refused records as an error, also when the answer counts them', async () => {
    const user = userEvent.setup();
    renderList({ result: { failed: 1 } });
    await selectBothAndDelete(user);
    await user.click(screen.getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Nicht alle Einträge konnten gelöscht werden.')).toBeInTheDocument();
    expect(screen.queryByText('Die Einträge wurden gelöscht.')).toBeNull();
  });

  it('shows the message of a failed call and keeps the selection', async () => {
    const user = userEvent.setup();
    renderList({ error: new Error('Keine Berechtigung.') });
    await selectBothAndDelete(user);
    await user.click(screen.getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Keine Berechtigung.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Zeile a' })).toBeChecked();
  });
});
