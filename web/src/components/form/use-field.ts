import type { ReactNode } from 'react';
import {
  type Control,
  type FieldError,
  type FieldPath,
  type FieldValues,
  useController,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** What every form field wrapper takes besides the props of its Mantine input. */
export interface FieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
> {
  control: Control<TValues, unknown, TTransformed>;
  name: TName;
  label: ReactNode;
  /** Marks the field with an asterisk; without a resolver it also makes the field required. */
  required?: boolean;
  disabled?: boolean;
}

/** The German text shown under a field: the schema's message, else a generic one for the rule. */
export function useErrorText(error: FieldError | undefined): string | undefined {
  const { t } = useTranslation();
  if (!error) return undefined;
  if (error.message) return error.message;
  return error.type === 'required' ? t('form.required') : t('form.invalid');
}

/**
 * Binds a field to react-hook-form and returns the props all Mantine inputs share. Fields are not natively
 * `required` (the browser's own validation bubbles would not be German), only marked and announced as such.
 */
export function useField<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed>(
  props: FieldProps<TValues, TName, TTransformed>,
) {
  const { t } = useTranslation();
  const { control, name, label, required = false, disabled } = props;
  const { field, fieldState } = useController({
    control,
    name,
    disabled,
    rules: required ? { required: t('form.required') } : undefined,
  });
  const error = useErrorText(fieldState.error);
  return {
    field,
    inputProps: {
      label,
      withAsterisk: required,
      'aria-required': required || undefined,
      disabled: field.disabled,
      error,
      name: field.name,
      onBlur: field.onBlur,
    },
  };
}
