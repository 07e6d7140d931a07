import { promoteNameVariant } from '@portal/domain/rules/name-variants';
import { type FieldValues, type Path, type PathValue, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form';
import { NameVariantsInput } from './NameVariantsInput';

/** The name fields every named kind has (SPEC §3: displayName, nameVariants; manufacturers: abbreviation). */
export interface NamedFormValues extends FieldValues {
  displayName: string;
  nameVariants?: string[];
  abbreviation?: string | null;
}

/**
 * Display name plus name variants bound to a react-hook-form form; promoting a variant swaps it with the
 * display name (SPEC §5).
 */
export function NameFields<T extends NamedFormValues>({
  form,
  isTakenElsewhere,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  isTakenElsewhere(name: string): Promise<boolean>;
}) {
  const { t } = useTranslation('fieldvalues');
  const name = (key: keyof NamedFormValues) => key as Path<T>;
  const [displayName, nameVariants, abbreviation] = useWatch({
    control: form.control,
    name: [name('displayName'), name('nameVariants'), name('abbreviation')],
  }) as [string, string[], string | null | undefined];
  const item = { displayName: displayName ?? '', nameVariants: nameVariants ?? [], abbreviation };
  const set = (key: keyof NamedFormValues, value: unknown) =>
    form.setValue(name(key), value as PathValue<T, Path<T>>, { shouldDirty: true, shouldValidate: false });

  return (
    <>
      <TextField control={form.control} name={name('displayName')} label={t('form.displayName')} required />
      <NameVariantsInput
        item={item}
        onChange={(variants) => {
          form.clearErrors(name('nameVariants'));
          set('nameVariants', variants);
        }}
        onPromote={(variant) => {
          const promoted = promoteNameVariant(item, variant);
          set('displayName', promoted.displayName);
          set('nameVariants', promoted.nameVariants);
        }}
        isTakenElsewhere={isTakenElsewhere}
        error={form.formState.errors.nameVariants?.message as string | undefined}
      />
    </>
  );
}
