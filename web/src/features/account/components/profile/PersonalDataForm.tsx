import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import {
  type ProfileResponse,
  type ProfileUpdateBody,
  profileUpdateBody,
} from '@portal/domain/schemas/account';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../../components/form';
import { notify } from '../../../../lib/notify';
import { useUpdateProfile } from '../../api/update-profile';

/** Personal data (name, lastname) and contact data (e-mail read-only, phone) with save. */
export function PersonalDataForm({ user }: { user: ProfileResponse['user'] }) {
  const { t } = useTranslation('account');
  const update = useUpdateProfile();
  const form = useForm<ProfileUpdateBody>({
    resolver: zodResolver(profileUpdateBody),
    defaultValues: { name: user.name, lastname: user.lastname, phoneNumber: user.phoneNumber },
  });

  const handleSubmit = form.handleSubmit((body) => {
    update.mutate(body, {
      onSuccess: (profile) => {
        form.reset({
          name: profile.user.name,
          lastname: profile.user.lastname,
          phoneNumber: profile.user.phoneNumber,
        });
        notify('USER', 'update', 'success');
      },
      onError: (error) => notify('USER', 'update', 'error', error.message),
    });
  });

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {t('profile.personalTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField control={form.control} name="name" label={t('profile.name')} required />
            <TextField control={form.control} name="lastname" label={t('profile.lastname')} required />
          </SimpleGrid>
          <Title order={2} size="h4">
            {t('profile.contactTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('profile.mail')}
              value={user.mail}
              readOnly
              description={t('profile.mailHint')}
            />
            <TextField
              control={form.control}
              name="phoneNumber"
              label={t('profile.phoneNumber')}
              required
              type="tel"
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
