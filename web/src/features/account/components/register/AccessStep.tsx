import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField, TextField } from '../../../../components/form';
import { type AccessInput, type AccessValues, accessStep } from './register-form';

export function AccessStep(props: {
  defaultValues: AccessInput;
  /** The server's refusal of the chosen password (e.g. too common), shown at the field on return. */
  passwordError?: string | null;
  /** The server's refusal of the e-mail address (already in use), shown at the field on return. */
  mailError?: string | null;
  onNext: (values: AccessValues) => void;
  onBack: (values: AccessInput) => void;
}) {
  const { t } = useTranslation('account');
  const form = useForm<AccessInput, unknown, AccessValues>({
    resolver: zodResolver(accessStep),
    defaultValues: props.defaultValues,
  });
  const { passwordError, mailError } = props;
  useEffect(() => {
    if (passwordError) form.setError('password', { message: passwordError }, { shouldFocus: true });
  }, [form, passwordError]);
  useEffect(() => {
    if (mailError) form.setError('mail', { message: mailError }, { shouldFocus: true });
  }, [form, mailError]);
  return (
    <form onSubmit={form.handleSubmit(props.onNext)} noValidate>
      <Stack>
        <TextField
          control={form.control}
          name="mail"
          label={t('register.mail')}
          required
          type="email"
          autoComplete="email"
        />
        <PasswordField
          control={form.control}
          name="password"
          label={t('register.password')}
          description={t('register.passwordHint')}
          required
          autoComplete="new-password"
        />
        <PasswordField
          control={form.control}
          name="passwordRepeat"
          label={t('register.passwordRepeat')}
          required
          autoComplete="new-password"
        />
        <Group justify="space-between">
          <Button variant="default" onClick={() => props.onBack(form.getValues())}>
            {t('register.back')}
          </Button>
          <Button type="submit">{t('register.next')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
