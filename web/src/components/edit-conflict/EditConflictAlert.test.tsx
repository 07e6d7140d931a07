import { ERRORS } from '@portal/domain/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { formatPrice } from '../../lib/format';
import { NumberField, TextField } from '../form';
import { renderWithProviders, TestProviders } from '../test/render';
import { EditConflictAlert } from './EditConflictAlert';
import { useEditConflict } from './use-edit-conflict';

const thing = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  price: z.number().nullable(),
  lastUpdate: z.string(),
});
type Thing = z.infer<typeof thing>;
type Values = { name: string; city: string; price: number | null };

const loaded: Thing = {
  id: 't-1',
  name: 'Schrank A',
  city: 'Ulm',
  price: null,
  lastUpdate: '2026-11-26T20:47:21.123Z',
};

/** A record form as the pages build it: the hook fills it, every save sends and adopts `lastUpdate`. */
function ThingForm({ record }: { record: Thing }) {
  const form = useForm<Values>({ defaultValues: { name: '', city: '', price: null } });
  const edit = useEditConflict({
    form,
    record,
    toForm: (item: Thing): Values => ({ name: item.name, city: item.city, price: item.price }),
    fields: [
      { name: 'name', label: 'Bezeichnung' },
      { name: 'city', label: 'Ort' },
      { name: 'price', label: 'Preis', format: (value) => formatPrice(value as number) },
    ],
    loadCurrent: () => api.get('/thing/', thing, { id: record.id }),
  });
  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      edit.saved(await api.post('/thing/update', { ...values, lastUpdate: edit.lastUpdate() }, thing));
    } catch (error) {
      if (!edit.catchConflict(error)) throw error;
    }
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <EditConflictAlert edit={edit} />
      <TextField control={form.control} name="name" label="Bezeichnung" />
      <TextField control={form.control} name="city" label="Ort" />
      <NumberField control={form.control} name="price" label="Preis" decimalScale={2} />
      <button type="submit">Speichern</button>
    </form>
  );
}

const CONFLICT_TITLE = 'Ihre Änderungen wurden nicht gespeichert';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const conflict = () =>
  json(
    {
      code: 'CHANGED_MEANWHILE',
      message: ERRORS.CHANGED_MEANWHILE.message.replace('{Name}', 'Erika Muster'),
    },
    409,
  );

/** A fake `/api`: answers by path, records each call's body. */
function stubApi(handlers: Record<string, (body: Record<string, unknown>) => Response>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.split('?')[0] ?? url;
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path, body });
      const handler = handlers[path];
      if (!handler) throw new Error(`unexpected call ${path}`);
      return handler(body);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('useEditConflict + EditConflictAlert (SPEC §8 CHANGED_MEANWHILE)', () => {
  it('sends the loaded lastUpdate and then the one of each answer, so saving twice never conflicts', async () => {
    let version = 0;
    const calls = stubApi({
      '/api/thing/update': (body) =>
        json({ ...loaded, ...body, lastUpdate: `2026-11-26T21:00:0${++version}.000Z` }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ThingForm record={loaded} />);
    await user.type(await screen.findByRole('textbox', { name: 'Ort' }), 'er Land');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((call) => call.body.lastUpdate)).toEqual([
      loaded.lastUpdate,
      '2026-11-26T21:00:01.000Z',
    ]);
    expect(calls[0]?.body.city).toBe('Ulmer Land');
    expect(screen.queryByRole('alert', { name: CONFLICT_TITLE })).not.toBeInTheDocument();
  });

  it('keeps the input on a 409 and shows who changed which field to what, then "Neu laden" merges', async () => {
    const theirs: Thing = {
      ...loaded,
      price: 1234.5,
      city: 'Neu-Ulm',
      lastUpdate: '2026-11-26T20:50:00.456Z',
    };
    const calls = stubApi({ '/api/thing/update': conflict, '/api/thing/': () => json(theirs) });
    const user = userEvent.setup();
    renderWithProviders(<ThingForm record={loaded} />);
    // The person renames the record and also changes the city, which the other changed as well.
    await user.clear(await screen.findByRole('textbox', { name: 'Bezeichnung' }));
    await user.type(screen.getByRole('textbox', { name: 'Bezeichnung' }), 'Schrank B');
    await user.clear(screen.getByRole('textbox', { name: 'Ort' }));
    await user.type(screen.getByRole('textbox', { name: 'Ort' }), 'Biberach');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    const alert = await screen.findByRole('alert', { name: CONFLICT_TITLE });
    expect(alert).toHaveTextContent('Ihre Änderungen wurden nicht gespeichert');
    expect(alert).toHaveTextContent(
      'Dieser Eintrag wurde inzwischen von Erika Muster geändert. Bitte laden Sie die Seite neu; Ihre Eingaben bleiben bis dahin im Formular.',
    );
    const list = await within(alert).findByRole('list', { name: 'Inzwischen geändert:' });
    // Intl writes a no-break space before the euro sign.
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent?.replace(/\s/g, ' '));
    expect(items).toEqual(['Ort: Neu-Ulm (Ihre Eingabe: Biberach)', 'Preis: 1.234,50 €']);
    // The input stays as typed until the person chooses to load.
    expect(screen.getByRole('textbox', { name: 'Bezeichnung' })).toHaveValue('Schrank B');
    expect(screen.getByRole('textbox', { name: 'Ort' })).toHaveValue('Biberach');
    const reload = within(alert).getByRole('button', { name: 'Neu laden' });
    expect(reload).toHaveAccessibleDescription(/zeigen danach den neuen Wert.*bleiben erhalten/);

    await user.click(reload);
    await waitFor(() =>
      expect(screen.queryByRole('alert', { name: CONFLICT_TITLE })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('textbox', { name: 'Bezeichnung' })).toHaveValue('Schrank B');
    expect(screen.getByRole('textbox', { name: 'Ort' })).toHaveValue('Neu-Ulm');
    expect(screen.getByRole('textbox', { name: 'Preis' })).toHaveValue('1.234,5');

    // The next save is based on the other version and carries the person's own edit.
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const updates = () => calls.filter((call) => call.path === '/api/thing/update');
    await waitFor(() => expect(updates()).toHaveLength(2));
    expect(updates()[1]?.body).toMatchObject({
      name: 'Schrank B',
      city: 'Neu-Ulm',
      price: 1234.5,
      lastUpdate: theirs.lastUpdate,
    });
  });

  it('says when the current version cannot be loaded, and keeps the input', async () => {
    stubApi({
      '/api/thing/update': conflict,
      '/api/thing/': () => json({ code: 'DATABASE_UNAVAILABLE', message: 'kurz weg' }, 503),
    });
    const user = userEvent.setup();
    renderWithProviders(<ThingForm record={loaded} />);
    await user.type(await screen.findByRole('textbox', { name: 'Ort' }), 'er Land');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const alert = await screen.findByRole('alert', { name: CONFLICT_TITLE });
    expect(await within(alert).findByText(/konnte gerade nicht geladen werden/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Ort' })).toHaveValue('Ulmer Land');
  });

  it('takes a newer version in quietly when it touches none of the edited fields', async () => {
    const calls = stubApi({ '/api/thing/update': (body) => json({ ...loaded, ...body }) });
    const user = userEvent.setup();
    const view = renderWithProviders(<ThingForm record={loaded} />);
    await user.type(await screen.findByRole('textbox', { name: 'Ort' }), 'er Land');
    const refreshed = { ...loaded, price: 80, lastUpdate: '2026-11-26T20:55:00.000Z' };
    view.rerender(
      <TestProviders>
        <ThingForm record={refreshed} />
      </TestProviders>,
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Preis' })).toHaveValue('80'));
    expect(screen.getByRole('textbox', { name: 'Ort' })).toHaveValue('Ulmer Land');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ city: 'Ulmer Land', price: 80, lastUpdate: refreshed.lastUpdate });
  });

  it('keeps the input and the old base when a newer version changed a field being edited', async () => {
    const calls = stubApi({ '/api/thing/update': conflict, '/api/thing/': () => json(refreshed) });
    const refreshed = { ...loaded, city: 'Neu-Ulm', lastUpdate: '2026-11-26T20:55:00.000Z' };
    const user = userEvent.setup();
    const view = renderWithProviders(<ThingForm record={loaded} />);
    await user.type(await screen.findByRole('textbox', { name: 'Ort' }), 'er Land');
    view.rerender(
      <TestProviders>
        <ThingForm record={refreshed} />
      </TestProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(calls[0]?.body).toMatchObject({ city: 'Ulmer Land', lastUpdate: loaded.lastUpdate });
    expect(await screen.findByRole('alert', { name: CONFLICT_TITLE })).toHaveTextContent(
      'Ort: Neu-Ulm (Ihre Eingabe: Ulmer Land)',
    );
  });
});
