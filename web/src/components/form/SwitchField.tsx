import { Switch, type SwitchProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

export type SwitchFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
> = FieldProps<TValues, TName, TTransformed> &
  Omit<SwitchProps, keyof FieldProps<TValues, TName> | 'checked' | 'defaultChecked' | 'onChange' | 'error'>;

/** An on/off switch bound to a boolean form value. */
export function SwitchField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>(props: SwitchFieldProps<TValues, TName, TTransformed>) {
  const { control, name, label, required, disabled, ...rest } = props;
  const { field, inputProps } = useField({ control, name, label, required, disabled });
  const { withAsterisk, ...switchProps } = inputProps;
  return (
    <Switch
      {...rest}
      {...switchProps}
      label={withAsterisk ? <>{label} *</> : label}
      ref={field.ref}
      checked={!!field.value}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
    />
  );
}
