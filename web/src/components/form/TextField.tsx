import { TextInput, type TextInputProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

export type TextFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
> = FieldProps<TValues, TName, TTransformed> &
  Omit<TextInputProps, keyof FieldProps<TValues, TName> | 'value' | 'defaultValue' | 'onChange' | 'error'>;

/** A text input bound to react-hook-form (string value; empty input gives ''). */
export function TextField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>(props: TextFieldProps<TValues, TName, TTransformed>) {
  const { control, name, label, required, disabled, ...rest } = props;
  const { field, inputProps } = useField({ control, name, label, required, disabled });
  return (
    <TextInput
      {...rest}
      {...inputProps}
      ref={field.ref}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
    />
  );
}
