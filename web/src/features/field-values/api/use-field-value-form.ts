import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type RecordFormOptions, useRecordForm } from '../../../components/record-form';
import type { FieldValueKind } from './field-value-kind';
import { useFieldValue, useFieldValueReload } from './get-field-value';
import { useSaveFieldValue } from './save-field-value';

type FormPart<Item extends { id: string }, D extends Item, V extends FieldValues, Out> = Pick<
  RecordFormOptions<Item, D, V, Out>,
  'form' | 'id' | 'toForm' | 'fields' | 'fieldErrors'
>;

/**
 * The form of one field value (SPEC §2 master data): loads it by id (`schema` may be richer than the list
 * item, e.g. E-Class with its change entries), saves through the kind's calls and announces the outcome by
 * the kind's toast entity, or by `savedText` for a kind without one (E-Class).
 */
export function useFieldValueForm<
  Item extends { id: string },
  S extends z.ZodType<Item>,
  V extends FieldValues,
  Out extends object,
>(
  kind: FieldValueKind<Item>,
  schema: S,
  options: FormPart<Item, z.infer<S>, V, Out> & { savedText?: string },
) {
  const { savedText, ...form } = options;
  const query = useFieldValue(kind, schema, options.id);
  return useRecordForm<Item, z.infer<S>, V, Out>({
    ...form,
    query,
    save: useSaveFieldValue<Item, Out>(kind),
    route: kind.route,
    notice: kind.entity ? { entity: kind.entity } : { saved: savedText ?? '' },
    ...useFieldValueReload(kind, schema, query.data?.id),
  });
}

/** The heading of a named field value's form: "<Art> anlegen" for a new one, else its display name. */
export function useFieldValueTitle(
  page: { isNew: boolean; record: { displayName: string } | undefined },
  kindName: string,
): string {
  const { t } = useTranslation('fieldvalues');
  return page.isNew ? t('form.titleNew', { kind: kindName }) : (page.record?.displayName ?? kindName);
}
