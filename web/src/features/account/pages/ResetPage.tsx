import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { PASSWORD_CONFIRM_MISMATCH_MESSAGE, passwordsMatch } from '@portal/domain/rules/password';
import { passwordField } from '@portal/domain/schemas/account';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { PasswordField } from '../../../components/form';
import { notify } from '../../../lib/notify';
import { useSignIn } from '../../auth';
import { useResetPassword } from '../api/reset-password';
import { passwordRuleMessage } from '../components/password-rule-error';
import type { ResetState } from './ActionPage';

/** SPEC §5: min 6 and equal ('Die Passwörter stimmen nicht überein.'). */
const resetForm = z
  .object({ password: passwordField, confirm: z.string() })
  .refine((value) => passwordsMatch(value.password, value.confirm), {
    path: ['confirm'],
    message: PASSWORD_CONFIRM_MISMATCH_MESSAGE,
  });
type FormValues = z.infer<typeof resetForm>;

function isResetState(value: unknown): value is ResetState {
  const state = value as Partial<ResetState> | null;
  return typeof state?.mail === 'string' && typeof state.oobCode === 'string';
}

/**
 * SPEC §2 /reset: only with the address and code handed over by /action; otherwise back to /. A guest invited to
 * a project folder is signed in with the new password and lands in the folder (else at the login of it).
 */
export default function ResetPage() {
  const { t } = useTranslation('account');
  const location = useLocation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const signIn = useSignIn();
  const form = useForm<FormValues>({
    resolver: zodResolver(resetForm),
    defaultValues: { password: '', confirm: '' },
  });
  const state: unknown = location.state;

  if (!isResetState(state)) return <Navigate to="/" replace />;

  const handleSubmit = form.handleSubmit((values) => {
    reset.mutate(
      { mail: state.mail, password: values.password, oobCode: state.oobCode },
      {
        onSuccess: () => {
          notify('USER', 'resetPassword', 'success');
          const { folderId } = state;
          if (!folderId) {
            navigate('/login', { replace: true });
            return;
          }
          signIn.mutate(
            { email: state.mail, password: values.password },
            {
              onSuccess: () => navigate(`/business-data/${folderId}`, { replace: true }),
              onError: () => navigate(`/login/${folderId}`, { replace: true }),
            },
          );
        },
        onError: (error) => {
          const refused = passwordRuleMessage(error);
          if (refused) form.setError('password', { message: refused });
        },
      },
    );
  });

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={440} mx="auto">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <div>
            <Title order={1} size="h2">
              {t('reset.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t(state.folderId ? 'reset.guestIntro' : 'reset.intro', { mail: state.mail })}
            </Text>
          </div>
          {reset.isError && !passwordRuleMessage(reset.error) && (
            <Alert color="red" role="alert">
              <Stack gap="xs">
                {reset.error.message}
                <Anchor component={Link} to="/forget" size="sm">
                  {t('reset.requestNew')}
                </Anchor>
              </Stack>
            </Alert>
          )}
          <PasswordField
            control={form.control}
            name="password"
            label={t('reset.password')}
            description={t('reset.passwordHint')}
            required
            autoComplete="new-password"
          />
          <PasswordField
            control={form.control}
            name="confirm"
            label={t('reset.confirm')}
            required
            autoComplete="new-password"
          />
          <Button type="submit" loading={reset.isPending || signIn.isPending} fullWidth>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
