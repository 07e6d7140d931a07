import type { NotificationEntity } from '@portal/domain/enums';
import type { BaseSyntheticEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { notify, notifyError, notifySuccess } from '../../lib/notify';
import { type EditConflict, type EditConflictOptions, useEditConflict } from '../edit-conflict';

/** The save call of a record form: create without an id, update with the id and the `lastUpdate` it is based on. */
export interface RecordSave<R, Out> {
  mutate(
    variables: { id?: string; body: Out; lastUpdate?: string },
    callbacks: { onSuccess(saved: R): void; onError(error: Error): void },
  ): void;
  isPending: boolean;
}

/** How a save is announced: by the toast texts of SPEC §8 for an entity, or by one success text. */
export type RecordSaveNotice = { entity: NotificationEntity } | { saved: string };

export interface RecordFormOptions<R extends { id: string }, D extends R, V extends FieldValues, Out>
  extends Omit<EditConflictOptions<R, V>, 'form' | 'record'> {
  // biome-ignore lint/suspicious/noExplicitAny: forms differ in their context type
  form: UseFormReturn<V, any, Out>;
  /** The record's id; undefined for a new record (the `/new` route). */
  id: string | undefined;
  /** The record as loaded (may be richer than what a save answers, e.g. with its change history). */
  query: { data: D | undefined; isError: boolean; error: unknown };
  save: RecordSave<R, Out>;
  /** The list's route: "Zurück" goes there, and a new record's form moves to `<route>/<id>` once saved. */
  route: string;
  notice: RecordSaveNotice;
  /** Refusals of the server that belong to one field (e.g. 412/409 "name taken", SPEC §8): status → field. */
  fieldErrors?: Partial<Record<number, Path<V>>>;
}

export interface RecordForm<R, D> {
  isNew: boolean;
  record: D | undefined;
  edit: EditConflict<R>;
  handleSubmit(event?: BaseSyntheticEvent): Promise<void>;
  saving: boolean;
  back(): void;
}

/**
 * The life of a master-data form (SPEC §2): load the record, fill the form, save with the `lastUpdate` it
 * is based on (SPEC §8 CHANGED_MEANWHILE shows the edit conflict), announce the outcome, and after the first
 * save of a new record move to its own address. A failed load is thrown to the page's error boundary.
 */
export function useRecordForm<R extends { id: string }, D extends R, V extends FieldValues, Out>(
  options: RecordFormOptions<R, D, V, Out>,
): RecordForm<R, D> {
  const { form, id, query, save, route, notice, fieldErrors, ...conflict } = options;
  const navigate = useNavigate();
  const isNew = id === undefined;
  const record = query.data;
  const edit = useEditConflict<R, V>({ ...conflict, form, record });

  const handleSubmit = form.handleSubmit((body) => {
    const action = isNew ? 'create' : 'update';
    save.mutate(
      { id, body, lastUpdate: edit.lastUpdate() },
      {
        onSuccess: (saved) => {
          edit.saved(saved);
          if ('entity' in notice) notify(notice.entity, action, 'success');
          else notifySuccess(notice.saved);
          if (isNew) navigate(`${route}/${saved.id}`, { replace: true });
        },
        onError: (error) => {
          if (edit.catchConflict(error)) return;
          const field = error instanceof ApiError ? fieldErrors?.[error.status] : undefined;
          if (field) form.setError(field, { message: error.message });
          if ('entity' in notice) notify(notice.entity, action, 'error', error.message);
          else notifyError(error.message);
        },
      },
    );
  });

  if (query.isError) throw query.error;
  return { isNew, record, edit, handleSubmit, saving: save.isPending, back: () => navigate(route) };
}
