import { zodResolver } from '@hookform/resolvers/zod';
import { notifications } from '@mantine/notifications';
import type { ChangeEntry } from '@portal/domain/schemas/change-entry';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { Route, Routes, useLocation, useParams } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { TextField } from '../form';
import { renderWithProviders } from '../test/render';
import { RecordFormLayout } from './RecordFormLayout';
import { type RecordSave, type RecordSaveNotice, useRecordForm } from './use-record-form';

const body = z.object({ displayName: z.string().min(1, 'Bitte einen Namen angeben.') });
type Body = z.infer<typeof body>;
interface Thing extends Body {
  id: string;
  lastUpdate: string;
}
type ThingDetail = Thing & { changeEntries?: ChangeEntry[] };

const ID = '33333333-3333-4333-8333-333333333333';
const stored: Thing = { id: ID, displayName: 'Schütz', lastUpdate: '2026-01-01T10:00:00.000Z' };

type Answer = { saved: Thing } | { error: Error };

function renderForm(
  route: string,
  answer: Answer,
  options: { notice: RecordSaveNotice; record?: ThingDetail },
) {
  const mutate = vi.fn<RecordSave<Thing, Body>['mutate']>((_variables, callbacks) => {
    if ('error' in answer) callbacks.onError(answer.error);
    else callbacks.onSuccess(answer.saved);
  });
  function Page() {
    const params = useParams() as { id: string };
    const location = useLocation();
    const id = params.id === 'new' ? undefined : params.id;
    const form = useForm<Body, unknown, Body>({
      resolver: zodResolver(body),
      defaultValues: { displayName: '' },
    });
    const page = useRecordForm({
      form,
      id,
      query: { data: id ? options.record : undefined, isError: false, error: null },
      save: { mutate, isPending: false },
      route: '/things',
      notice: options.notice,
      fieldErrors: { 412: 'displayName' },
      toForm: (thing: Thing) => ({ displayName: thing.displayName }),
      fields: [{ name: 'displayName', label: 'Name' }],
      loadCurrent: async () => stored,
    });
    return (
      <RecordFormLayout
        page={page}
        title={page.isNew ? 'Neues Ding' : (page.record?.displayName ?? 'Ding')}
        history={{ entries: (record) => record.changeEntries, fieldLabel: (field) => field }}
      >
        <output aria-label="Adresse">{location.pathname}</output>
        <TextField control={form.control} name="displayName" label="Name" required />
      </RecordFormLayout>
    );
  }
  renderWithProviders(
    <Routes>
      <Route path="/things/:id" element={<Page />} />
      <Route path="/things" element={<p>Liste</p>} />
    </Routes>,
    { route },
  );
  return mutate;
}

// Toasts live in a store shared by all tests of the file.
beforeEach(() => notifications.clean());

describe('useRecordForm with RecordFormLayout', { timeout: 30_000 }, () => {
  it('creates a new record without lastUpdate, announces it and moves to its address', async () => {
    const user = userEvent.setup();
    const mutate = renderForm(
      '/things/new',
      { saved: stored },
      { notice: { saved: 'Das Ding wurde gespeichert.' } },
    );
    expect(screen.getByRole('heading', { name: 'Neues Ding' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Änderungsverlauf' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Schütz');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(mutate).toHaveBeenCalledWith(
      { id: undefined, body: { displayName: 'Schütz' }, lastUpdate: undefined },
      expect.anything(),
    );
    expect(await screen.findByText('Das Ding wurde gespeichert.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Adresse' })).toHaveTextContent(`/things/${ID}`),
    );
  });

  it('shows an empty history for a record that has no change entries yet', () => {
    renderForm(`/things/${ID}`, { saved: stored }, { notice: { entity: 'UNIT' }, record: stored });
    expect(screen.getByRole('heading', { name: 'Änderungsverlauf' })).toBeInTheDocument();
    expect(screen.getByText('Noch keine Änderungen.')).toBeInTheDocument();
  });

  it('updates with the lastUpdate of the loaded record and the entity toast; "Zurück" goes to the list', async () => {
    const user = userEvent.setup();
    const mutate = renderForm(
      `/things/${ID}`,
      { saved: stored },
      { notice: { entity: 'UNIT' }, record: stored },
    );
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Schütz');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(mutate).toHaveBeenCalledWith(
      { id: ID, body: { displayName: 'Schütz' }, lastUpdate: stored.lastUpdate },
      expect.anything(),
    );
    expect(await screen.findByText('Die Einheit wurde gespeichert.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(await screen.findByText('Liste')).toBeInTheDocument();
  });

  it('puts a refusal that belongs to a field at the field and announces the error', async () => {
    const user = userEvent.setup();
    const refusal = new ApiError(412, 'NAME_TAKEN', 'Der Name ist bereits vergeben.');
    renderForm(`/things/${ID}`, { error: refusal }, { notice: { entity: 'UNIT' }, record: stored });
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Schütz');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die Einheit konnte nicht gespeichert werden.')).toBeInTheDocument();
    expect(screen.getAllByText('Der Name ist bereits vergeben.')).toHaveLength(2);
    expect(screen.getByRole('status', { name: 'Adresse' })).toHaveTextContent(`/things/${ID}`);
  });
});
