import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { visibilityEntryInput } from '@portal/domain/schemas/business-data';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { CheckboxField, DateField, TextField } from '../../../components/form';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useShareFolder } from '../api/share-folder';
import { useFolderT } from '../business-data-i18n';

/** The date field holds '' when empty; the contract's entry takes null for "no last day". */
const inviteForm = visibilityEntryInput.omit({ endDate: true }).extend({ endDate: z.string() });
type InviteValues = z.input<typeof inviteForm>;
type InviteOutput = z.output<typeof inviteForm>;

const EMPTY: InviteValues = { email: '', endDate: '', read: true, write: false };

/**
 * SPEC §5 invite form: e-mail required, optional last day, read/write; POST /share. An e-mail without an
 * account becomes an external user and gets an invitation mail.
 */
export function FolderInviteForm({
  folderId,
  defaultExpiryDays,
}: {
  folderId: string;
  defaultExpiryDays: number | null;
}) {
  const t = useFolderT();
  const share = useShareFolder();
  const form = useForm<InviteValues, unknown, InviteOutput>({
    resolver: zodResolver(inviteForm) as unknown as Resolver<InviteValues, unknown, InviteOutput>,
    defaultValues: EMPTY,
  });

  const handleSubmit = form.handleSubmit((values) =>
    share.mutate(
      { folderId, visibilityEntries: [{ ...values, endDate: values.endDate || null }] },
      {
        onSuccess: (entries) => {
          notifySuccess(entries.some((entry) => entry.invited) ? t('external.invited') : t('external.saved'));
          form.reset(EMPTY);
        },
        onError: (error) => notifyError(error.message),
      },
    ),
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('external.inviteTitle')}>
      <Stack gap="sm" maw={480}>
        <Title order={2} size="h4">
          {t('external.inviteTitle')}
        </Title>
        <TextField
          control={form.control}
          name="email"
          label={t('external.email')}
          type="email"
          autoComplete="off"
          required
        />
        <DateField control={form.control} name="endDate" label={t('external.endDate')} />
        <Text size="sm" c="dimmed" data-testid="folder-default-expiry">
          {defaultExpiryDays
            ? t('external.defaultExpiry', { count: defaultExpiryDays })
            : t('external.noDefaultExpiry')}
        </Text>
        <Group gap="lg">
          <CheckboxField control={form.control} name="read" label={t('external.read')} />
          <CheckboxField control={form.control} name="write" label={t('external.write')} />
        </Group>
        <div>
          <Button type="submit" loading={share.isPending}>
            {t('external.invite')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
