import { Checkbox, type CheckboxProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

export type CheckboxFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
> = FieldProps<TValues, TName, TTransformed> &
  Omit<CheckboxProps, keyof FieldProps<TValues, TName> | 'checked' | 'defaultChecked' | 'onChange' | 'error'>;

/** A checkbox bound to a boolean form value; `required` means it must be ticked (e.g. accepting terms). */
export function CheckboxField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>(props: CheckboxFieldProps<TValues, TName, TTransformed>) {
  const { control, name, label, required, disabled, ...rest } = props;
  const { field, inputProps } = useField({ control, name, label, required, disabled });
  const { withAsterisk, ...checkboxProps } = inputProps;
  return (
    <Checkbox
      {...rest}
      {...checkboxProps}
      label={withAsterisk ? <>{label} *</> : label}
      ref={field.ref}
      checked={!!field.value}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
    />
  );
}
