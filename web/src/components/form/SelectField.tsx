import { Select, type SelectProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { foldedOptionsFilter } from '../../lib/folded-options-filter';
import { type FieldProps, useField } from './use-field';

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
> = FieldProps<TValues, TName, TTransformed> & { data: SelectOption[] } & Omit<
    SelectProps,
    keyof FieldProps<TValues, TName> | 'data' | 'value' | 'defaultValue' | 'onChange' | 'error'
  >;

/**
 * A single choice from `data`, bound to a string form value (null when nothing is chosen). When searchable,
 * the options are filtered as Germans type (`foldedOptionsFilter`: "Schuetz" shows "Schütz").
 */
export function SelectField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>(props: SelectFieldProps<TValues, TName, TTransformed>) {
  const { control, name, label, required, disabled, data, ...rest } = props;
  const { t } = useTranslation();
  const { field, inputProps } = useField({ control, name, label, required, disabled });
  return (
    <Select
      allowDeselect={!required}
      nothingFoundMessage={t('form.nothingFound')}
      filter={foldedOptionsFilter}
      {...rest}
      {...inputProps}
      data={data}
      ref={field.ref}
      value={field.value ?? null}
      onChange={(value) => field.onChange(value)}
    />
  );
}
