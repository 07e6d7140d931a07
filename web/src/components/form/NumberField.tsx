import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

export type NumberFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
> = FieldProps<TValues, TName, TTransformed> & {
  min?: number;
  max?: number;
  step?: number;
  /** Digits after the comma; 0 allows whole numbers only. */
  decimalScale?: number;
} & Omit<
    NumberInputProps,
    | keyof FieldProps<TValues, TName>
    | 'value'
    | 'defaultValue'
    | 'onChange'
    | 'error'
    | 'decimalSeparator'
    | 'thousandSeparator'
  >;

/** What the input shows while typing ("1,", "-") is not yet a number; the form then holds null. */
function toNumber(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/**
 * A number input in German notation (decimal comma, thousands dot), bound to a number form value; an empty
 * input gives null. A value outside min/max stays as typed, so that the form's schema refuses it with a message
 * (150 % is not silently 100 %); min/max bound the arrow keys only.
 */
export function NumberField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>(props: NumberFieldProps<TValues, TName, TTransformed>) {
  const { control, name, label, required, disabled, decimalScale, ...rest } = props;
  const { field, inputProps } = useField({ control, name, label, required, disabled });
  const formValue: number | null = typeof field.value === 'number' ? field.value : null;
  // The input keeps what is typed ("1,") while the form holds the number; a value set from outside
  // (reset, setValue) replaces the typed text.
  const [text, setText] = useState<number | string>(formValue ?? '');
  const [shownValue, setShownValue] = useState<number | null>(formValue);
  if (formValue !== shownValue) {
    setShownValue(formValue);
    if (toNumber(text) !== formValue) setText(formValue ?? '');
  }

  return (
    <NumberInput
      {...rest}
      {...inputProps}
      clampBehavior="none"
      decimalSeparator=","
      thousandSeparator="."
      decimalScale={decimalScale}
      allowDecimal={decimalScale !== 0}
      ref={field.ref}
      value={text}
      onChange={(value) => {
        setText(value);
        const number = toNumber(value);
        setShownValue(number);
        field.onChange(number);
      }}
    />
  );
}
