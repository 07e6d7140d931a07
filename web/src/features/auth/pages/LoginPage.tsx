import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { signInBody } from '@portal/domain/schemas/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import type { PageProps } from '../../../app/page-props';
import { ApiError } from '../../../lib/api-client';
import { useSignIn } from '../api/sign-in';

type FormValues = z.infer<typeof signInBody>;

/**
 * SPEC §2 Login: e-mail and password; after sign-in the user stays on the deep link they opened
 * (the router then resolves it), or goes to /business-data/{id} when they came via /login/{id}.
 */
export default function LoginPage({ params }: PageProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const signIn = useSignIn();
  const form = useForm<FormValues>({
    resolver: zodResolver(
      signInBody.extend({
        email: z.string().trim().min(1, t('login.emailRequired')),
        password: z.string().min(1, t('login.passwordRequired')),
      }),
    ),
    defaultValues: { email: '', password: '' },
  });

  const handleSubmit = form.handleSubmit((values) => {
    signIn.mutate(values, {
      onSuccess: () => {
        if (params.id) navigate(`/business-data/${encodeURIComponent(params.id)}`, { replace: true });
        else if (window.location.pathname === '/login') navigate('/', { replace: true });
      },
    });
  });

  const failure =
    signIn.error instanceof ApiError && signIn.error.code !== 'SIGN_IN_FAILED'
      ? signIn.error.message
      : t('login.failed');

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={440} mx="auto">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <div>
            <Title order={1} size="h2">
              {t('login.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('login.intro')}
            </Text>
          </div>
          {signIn.isError && (
            <Alert color="red" role="alert" data-testid="login-error">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('login.email')}
            type="email"
            autoComplete="username"
            required
            error={form.formState.errors.email?.message}
            {...form.register('email')}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            required
            error={form.formState.errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" loading={signIn.isPending} fullWidth>
            {t('login.submit')}
          </Button>
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to="/forget" size="sm">
              {t('login.forgotPassword')}
            </Anchor>
            <Anchor component={Link} to="/register" size="sm">
              {t('login.register')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
