import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { type FolderDefaults, folderDefaults } from '@portal/domain/schemas/business-data';
import { IconFolders } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { NumberField } from '../../../components/form';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFolderDefaults, useSaveFolderDefaults } from '../api/folder-defaults';
import { useFolderT } from '../business-data-i18n';

/**
 * The operator's default runtime of a folder invitation per company type of the inviting manager (days;
 * empty: unlimited). Shown on the field values page; hidden when the defaults cannot be read.
 */
export function FolderDefaultsCard() {
  const t = useFolderT();
  const defaults = useFolderDefaults();
  const save = useSaveFolderDefaults();
  const form = useForm<FolderDefaults>({
    resolver: zodResolver(folderDefaults),
    defaultValues: { CUSTOMER: null, SUPPLIER: null },
  });

  useEffect(() => {
    if (defaults.data) form.reset(defaults.data);
  }, [defaults.data, form]);

  if (!defaults.data) return null;

  const handleSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => notifySuccess(t('defaults.saved')),
      onError: (error) => notifyError(error.message),
    }),
  );

  return (
    <Card withBorder radius="md" padding="lg" data-testid="folder-defaults">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <div>
            <IconFolders size={28} />
            <Text fw={600} mt="xs">
              {t('defaults.title')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('defaults.intro')}
            </Text>
          </div>
          <Group grow align="flex-start">
            {(['CUSTOMER', 'SUPPLIER'] as const).map((type) => (
              <NumberField
                key={type}
                control={form.control}
                name={type}
                label={t(`defaults.${type}`)}
                placeholder={t('defaults.unlimited')}
                min={1}
                max={3650}
                decimalScale={0}
              />
            ))}
          </Group>
          <div>
            <Button type="submit" variant="light" loading={save.isPending}>
              {t('defaults.save')}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
