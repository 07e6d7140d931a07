import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type FieldProps, useField } from './use-field';

export type PasswordFieldProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
> = FieldProps<TValues, TName, TTransformed> &
  Omit<
    PasswordInputProps,
    keyof FieldProps<TValues, TName> | 'value' | 'defaultValue' | 'onChange' | 'error'
  >;

/** A password input with a show/hide toggle, bound to react-hook-form. */
export function PasswordField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
  TTransformed = TValues,
>(props: PasswordFieldProps<TValues, TName, TTransformed>) {
  const { control, name, label, required, disabled, ...rest } = props;
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const { field, inputProps } = useField({ control, name, label, required, disabled });
  return (
    <PasswordInput
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        'aria-label': visible ? t('form.hidePassword') : t('form.showPassword'),
      }}
      {...rest}
      {...inputProps}
      ref={field.ref}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
    />
  );
}
