import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import {
  type ConflictChange,
  type ConflictField,
  describeChanges,
  type FormValuesOf,
  isChangedMeanwhile,
  planMerge,
} from '../../lib/edit-conflict';
import i18n from '../../lib/i18n';
import { notifyError, notifySuccess } from '../../lib/notify';

export interface EditConflictOptions<R, V extends FieldValues> {
  // biome-ignore lint/suspicious/noExplicitAny: forms differ in their context and output types
  form: UseFormReturn<V, any, any>;
  /** The record as the page has it (undefined while loading and for a new record). */
  record: R | undefined;
  toForm(record: R): V;
  /** The form's fields with their German labels, for the list of what the other person changed. */
  fields: ConflictField<R>[];
  /** Loads the record as it is now, past every cache (the form's record must not move under the input). */
  loadCurrent(): Promise<R>;
  /** The page takes the newly loaded version (title, history) after "Neu laden". */
  onReloaded?(record: R): void;
  /** Where the record keeps its change time (SPEC §3 lastUpdate) when not in `lastUpdate`. */
  lastUpdateOf?(record: R): string | undefined;
}

export interface EditConflictState {
  /** The server's message, naming who changed the record. */
  message: string;
  /** null while the current version is being loaded. */
  changes: ConflictChange[] | null;
  unlisted: boolean;
  loadFailed: boolean;
}

export interface EditConflict<R> {
  /** The change time of the version the form is based on: every update sends it. */
  lastUpdate(): string | undefined;
  /** After a successful save: the answer is the new base (saving twice never conflicts with oneself). */
  saved(record: R): void;
  /** Takes a failed save; true when it was CHANGED_MEANWHILE (then the form shows the conflict). */
  catchConflict(error: unknown): boolean;
  conflict: EditConflictState | null;
  reloading: boolean;
  /** "Neu laden": the current version becomes the base; the person's own edits of other fields stay. */
  reload(): void;
}

interface Base<R, V> {
  record: R;
  values: V;
  lastUpdate: string | undefined;
}

const defaultLastUpdate = (record: unknown): string | undefined => {
  const value = (record as { lastUpdate?: unknown } | null)?.lastUpdate;
  return typeof value === 'string' ? value : undefined;
};

const idOf = (record: unknown): unknown => (record as { id?: unknown } | null)?.id;

const words = () => ({ yes: i18n.t('yes'), no: i18n.t('no'), changed: i18n.t('editConflict.changed') });

/**
 * SPEC §8 CHANGED_MEANWHILE for every form of a record that several people edit: the form is filled from
 * the record, each save sends the `lastUpdate` it is based on and takes the answer as the new base. A save
 * refused because someone else saved first keeps the person's input and shows what the other changed
 * (`EditConflictAlert`). A newer version arriving by itself (an upload, a line edit) is taken in quietly only
 * when it touches none of the fields the person is editing; otherwise the save will say so.
 */
export function useEditConflict<R, V extends FieldValues>(
  options: EditConflictOptions<R, V>,
): EditConflict<R> {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const baseRef = useRef<Base<R, V> | null>(null);
  const attemptRef = useRef(0);
  const [conflict, setConflict] = useState<EditConflictState | null>(null);
  const [reloading, setReloading] = useState(false);

  /** Makes `record` the base; the person's edits in `keep` are put back on top of it. */
  const applyVersion = useCallback((record: R, keep: { path: string; value: unknown }[]) => {
    const { form, toForm, lastUpdateOf = defaultLastUpdate } = optionsRef.current;
    const values = toForm(record);
    baseRef.current = { record, values, lastUpdate: lastUpdateOf(record) };
    attemptRef.current += 1;
    form.reset(values);
    for (const { path, value } of keep) {
      form.setValue(path as Path<V>, value as PathValue<V, Path<V>>, { shouldDirty: true });
    }
    setConflict(null);
  }, []);

  const { record } = options;
  useEffect(() => {
    if (!record) return;
    const base = baseRef.current;
    if (base?.record === record) return;
    if (!base || idOf(base.record) !== idOf(record)) return applyVersion(record, []);
    const { form, toForm, lastUpdateOf = defaultLastUpdate } = optionsRef.current;
    const incoming = lastUpdateOf(record);
    if (incoming !== undefined && incoming === base.lastUpdate) {
      base.record = record;
      return;
    }
    const plan = planMerge(base.values as FormValuesOf, toForm(record) as FormValuesOf, form.getValues());
    // Both changed the same field: the input stays as typed and the save will show the conflict.
    if (plan.clashes.length > 0) return;
    applyVersion(record, plan.keep);
  }, [record, applyVersion]);

  const catchConflict = useCallback((error: unknown) => {
    if (!isChangedMeanwhile(error)) return false;
    const attempt = ++attemptRef.current;
    setConflict({ message: error.message, changes: null, unlisted: false, loadFailed: false });
    const { fields, loadCurrent, toForm, form } = optionsRef.current;
    const base = baseRef.current;
    if (!base) return true;
    loadCurrent().then(
      (current) => {
        if (attempt !== attemptRef.current) return;
        const described = describeChanges({
          fields,
          base: { record: base.record, values: base.values as FormValuesOf },
          current: { record: current, values: toForm(current) as FormValuesOf },
          mine: form.getValues(),
          words: words(),
        });
        setConflict({ message: error.message, ...described, loadFailed: false });
      },
      () => {
        if (attempt !== attemptRef.current) return;
        setConflict({ message: error.message, changes: [], unlisted: false, loadFailed: true });
      },
    );
    return true;
  }, []);

  const reload = useCallback(() => {
    const { loadCurrent, toForm, form, onReloaded } = optionsRef.current;
    const base = baseRef.current;
    if (!base) return;
    setReloading(true);
    loadCurrent()
      .then((current) => {
        const plan = planMerge(
          base.values as FormValuesOf,
          toForm(current) as FormValuesOf,
          form.getValues(),
        );
        applyVersion(current, plan.keep);
        onReloaded?.(current);
        notifySuccess(i18n.t('editConflict.reloaded'));
      })
      .catch((error: Error) => notifyError(error.message))
      .finally(() => setReloading(false));
  }, [applyVersion]);

  return {
    lastUpdate: () => baseRef.current?.lastUpdate,
    saved: (saved: R) => applyVersion(saved, []),
    catchConflict,
    conflict,
    reloading,
    reload,
  };
}
