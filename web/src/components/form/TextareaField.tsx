import { Textarea, type TextareaProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

export type TextareaFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
> = FieldProps<TValues, TName, TTransformed> &
  Omit<TextareaProps, keyof FieldProps<TValues, TName> | 'value' | 'defaultValue' | 'onChange' | 'error'>;

/** A multi-line text input bound to react-hook-form (SPEC §9: chat boxes use `rows={3}`). */
export function TextareaField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>(props: TextareaFieldProps<TValues, TName, TTransformed>) {
  const { control, name, label, required, disabled, ...rest } = props;
  const { field, inputProps } = useField({ control, name, label, required, disabled });
  return (
    <Textarea
      {...rest}
      {...inputProps}
      ref={field.ref}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
    />
  );
}
