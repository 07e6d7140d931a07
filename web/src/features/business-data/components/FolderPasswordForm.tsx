import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack } from '@mantine/core';
import { type FolderPasswordBody, folderPasswordBody } from '@portal/domain/schemas/business-data';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/form';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSetFolderPassword } from '../api/set-folder-password';
import { useFolderT } from '../business-data-i18n';

/**
 * SPEC §5 project folder password: both entries at least 6 characters and equal (the contract's schema and
 * messages); POST /create. From the settings' dialog it turns anonymous access on in the same call.
 */
export function FolderPasswordForm({
  folderId,
  allowAnonymous,
  onDone,
  onCancel,
}: {
  folderId: string;
  allowAnonymous?: boolean;
  onDone?(): void;
  onCancel?(): void;
}) {
  const t = useFolderT();
  const { t: tc } = useTranslation();
  const setPassword = useSetFolderPassword();
  const form = useForm<FolderPasswordBody>({
    resolver: zodResolver(folderPasswordBody),
    defaultValues: { folderId, password: '', passwordRepeat: '', allowAnonymous },
  });

  const handleSubmit = form.handleSubmit((values) =>
    setPassword.mutate(values, {
      onSuccess: () => {
        notifySuccess(t('password.saved'));
        form.reset({ folderId, password: '', passwordRepeat: '', allowAnonymous });
        onDone?.();
      },
      onError: (error) => notifyError(error.message),
    }),
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm" maw={420}>
        <PasswordField
          control={form.control}
          name="password"
          label={t('password.password')}
          autoComplete="new-password"
          required
        />
        <PasswordField
          control={form.control}
          name="passwordRepeat"
          label={t('password.repeat')}
          autoComplete="new-password"
          required
        />
        <Group gap="xs">
          <Button type="submit" loading={setPassword.isPending}>
            {t('password.submit')}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {tc('cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
