import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { passwordResetRequestQuery } from '@portal/domain/schemas/account';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { TextField } from '../../../components/form';
import { useRequestPasswordReset } from '../api/request-password-reset';

type FormInput = z.input<typeof passwordResetRequestQuery>;
type FormValues = z.output<typeof passwordResetRequestQuery>;

/** SPEC §2 Forgot password: the answer is the same whether or not the address has an account. */
export default function ForgetPage() {
  const { t } = useTranslation('account');
  const request = useRequestPasswordReset();
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(passwordResetRequestQuery),
    defaultValues: { mail: '' },
  });

  const handleSubmit = form.handleSubmit((values) => request.mutate(values.mail));

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={440} mx="auto">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <div>
            <Title order={1} size="h2">
              {t('forget.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('forget.intro')}
            </Text>
          </div>
          {request.isSuccess && (
            <Alert color="green" role="status" data-testid="forget-sent">
              {t('forget.sent')}
            </Alert>
          )}
          {request.isError && (
            <Alert color="red" role="alert">
              {request.error.message}
            </Alert>
          )}
          <TextField
            control={form.control}
            name="mail"
            label={t('forget.mail')}
            type="email"
            autoComplete="username"
            required
          />
          <Button type="submit" loading={request.isPending} fullWidth>
            {t('forget.submit')}
          </Button>
          <Group justify="center">
            <Anchor component={Link} to="/login" size="sm">
              {t('forget.toLogin')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
