import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { ISO_DAY } from '@portal/domain/rules/berlin-date';
import { IconCalendar } from '@tabler/icons-react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

export type DateFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
> = FieldProps<TValues, TName, TTransformed> & {
  /** Days up to and including this one (YYYY-MM-DD) cannot be picked in the calendar; typing stays free. */
  pickAfter?: string;
} & Omit<
    DateInputProps,
    keyof FieldProps<TValues, TName> | 'value' | 'defaultValue' | 'onChange' | 'error' | 'valueFormat'
  >;

const GERMAN_DAY = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/** Reads a typed day: German "1.6.2030" / "01.06.2030" or ISO "2030-06-01"; null when it is no real day. */
export function parseGermanDay(text: string): string | null {
  const value = text.trim();
  let iso: string | null = null;
  if (ISO_DAY.test(value)) iso = value;
  const german = GERMAN_DAY.exec(value);
  if (german) iso = `${german[3]}-${german[2]!.padStart(2, '0')}-${german[1]!.padStart(2, '0')}`;
  if (!iso) return null;
  const date = new Date(`${iso}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/**
 * A calendar day in German notation (TT.MM.JJJJ, calendar in German), bound to a string form value
 * 'YYYY-MM-DD' ('' when empty). The browser's own date input would follow the browser's language instead.
 */
export function DateField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>(props: DateFieldProps<TValues, TName, TTransformed>) {
  const { control, name, label, required, disabled, pickAfter, readOnly, ...rest } = props;
  const { field, inputProps } = useField({ control, name, label, required, disabled });
  const value = typeof field.value === 'string' && field.value ? field.value : null;
  return (
    <DateInput
      locale="de"
      valueFormat="DD.MM.YYYY"
      placeholder={readOnly ? undefined : 'TT.MM.JJJJ'}
      dateParser={parseGermanDay}
      clearable={!readOnly}
      readOnly={readOnly}
      leftSection={<IconCalendar size={16} />}
      getDayProps={pickAfter ? (day) => ({ disabled: day <= pickAfter }) : undefined}
      popoverProps={{ withinPortal: true }}
      {...rest}
      {...inputProps}
      ref={field.ref}
      value={value}
      onChange={(day) => field.onChange(day ?? '')}
    />
  );
}
