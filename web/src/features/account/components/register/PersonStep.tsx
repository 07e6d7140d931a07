import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../../components/form';
import { type PersonValues, personStep } from './register-form';

export function PersonStep(props: { defaultValues: PersonValues; onNext: (values: PersonValues) => void }) {
  const { t } = useTranslation('account');
  const form = useForm<PersonValues>({
    resolver: zodResolver(personStep),
    defaultValues: props.defaultValues,
  });
  return (
    <form onSubmit={form.handleSubmit(props.onNext)} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            control={form.control}
            name="name"
            label={t('register.name')}
            required
            autoComplete="given-name"
          />
          <TextField
            control={form.control}
            name="lastname"
            label={t('register.lastname')}
            required
            autoComplete="family-name"
          />
        </SimpleGrid>
        <TextField
          control={form.control}
          name="phoneNumber"
          label={t('register.phoneNumber')}
          description={t('register.phoneHint')}
          required
          type="tel"
          autoComplete="tel"
        />
        <Group justify="flex-end">
          <Button type="submit">{t('register.next')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
