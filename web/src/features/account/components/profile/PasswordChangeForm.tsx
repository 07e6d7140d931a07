import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { PASSWORD_CONFIRM_MISMATCH_MESSAGE, passwordsMatch } from '@portal/domain/rules/password';
import { passwordChangeBody } from '@portal/domain/schemas/account';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PasswordField } from '../../../../components/form';
import { ApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/notify';
import { useChangePassword } from '../../api/change-password';
import { passwordRuleMessage } from '../password-rule-error';

/** SPEC §5: new password min 6 and repeated exactly ('Die Passwörter stimmen nicht überein.'). */
const changeForm = passwordChangeBody
  .extend({ repeatPassword: z.string() })
  .refine((value) => passwordsMatch(value.newPassword, value.repeatPassword), {
    path: ['repeatPassword'],
    message: PASSWORD_CONFIRM_MISMATCH_MESSAGE,
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
type FormValues = z.infer<typeof changeForm>;

const EMPTY: FormValues = { currentPassword: '', newPassword: '', repeatPassword: '' };

/** Password change with the current password; success shows the SPEC's "password created" toast. */
export function PasswordChangeForm() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useForm<FormValues>({ resolver: zodResolver(changeForm), defaultValues: EMPTY });

  const handleSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          notify('USER', 'resetPassword', 'success');
        },
        onError: (error) => {
          const refused = passwordRuleMessage(error);
          if (error instanceof ApiError && error.code === 'WRONG_CURRENT_PASSWORD') {
            form.setError('currentPassword', { message: error.message });
          } else if (refused) {
            form.setError('newPassword', { message: refused });
          } else {
            notify('USER', 'resetPassword', 'error', error.message);
          }
        },
      },
    );
  });

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={handleSubmit} noValidate data-testid="password-change-form">
        <Stack>
          <Title order={2} size="h4">
            {t('profile.passwordChangeTitle')}
          </Title>
          <PasswordField
            control={form.control}
            name="currentPassword"
            label={t('profile.currentPassword')}
            required
            autoComplete="current-password"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordField
              control={form.control}
              name="newPassword"
              label={t('profile.newPassword')}
              description={t('profile.newPasswordHint')}
              required
              autoComplete="new-password"
            />
            <PasswordField
              control={form.control}
              name="repeatPassword"
              label={t('profile.repeatPassword')}
              description={t('profile.repeatPasswordHint')}
              required
              autoComplete="new-password"
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t('profile.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
