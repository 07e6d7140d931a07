import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Group, Paper, Stack, Title } from '@mantine/core';
import {
  type Manufacturer,
  type ManufacturerBody,
  manufacturer,
  manufacturerBody,
} from '@portal/domain/schemas/manufacturer';
import { IconArrowsExchange, IconList } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { PageProps } from '../../../app/page-props';
import { EditConflictAlert, useEditConflict } from '../../../components/edit-conflict';
import { TextField } from '../../../components/form';
import { notify } from '../../../lib/notify';
import {
  isNameTakenElsewhere,
  NameFields,
  useFieldValue,
  useFieldValueReload,
  useSaveFieldValue,
} from '../../field-values';
import { manufacturerKind } from '../api/manufacturer-kind';
import { MigrationDialog } from '../components/MigrationDialog';

type FormValues = ManufacturerBody;
const EMPTY: FormValues = { displayName: '', nameVariants: [], abbreviation: '', link: '' };

function toForm(item: Manufacturer): FormValues {
  return {
    displayName: item.displayName,
    nameVariants: item.nameVariants,
    abbreviation: item.abbreviation ?? '',
    link: item.link ?? '',
  };
}

/** SPEC §2 manufacturer form (also `/new`): names, abbreviation, link; articles button and migration. */
export default function ManufacturerFormPage({ params }: PageProps) {
  const { t } = useTranslation('fieldvalues');
  const navigate = useNavigate();
  const isNew = params.id === 'new';
  const loaded = useFieldValue(manufacturerKind, manufacturer, isNew ? undefined : params.id);
  const save = useSaveFieldValue<Manufacturer, ManufacturerBody>(manufacturerKind);
  const [migrationOpen, setMigrationOpen] = useState(false);
  const form = useForm<FormValues, unknown, z.output<typeof manufacturerBody>>({
    resolver: zodResolver(manufacturerBody),
    defaultValues: EMPTY,
  });
  const data = loaded.data;
  const edit = useEditConflict({
    form,
    record: data,
    toForm,
    fields: [
      { name: 'displayName', label: t('form.displayName') },
      { name: 'nameVariants', label: t('form.nameVariants') },
      { name: 'abbreviation', label: t('manufacturer.abbreviation') },
      { name: 'link', label: t('manufacturer.link') },
    ],
    ...useFieldValueReload(manufacturerKind, manufacturer, data?.id),
  });

  const handleSubmit = form.handleSubmit((body) => {
    const action = isNew ? 'create' : 'update';
    save.mutate(
      { id: isNew ? undefined : params.id, body, lastUpdate: edit.lastUpdate() },
      {
        onSuccess: (saved) => {
          edit.saved(saved);
          notify('MANUFACTURER', action, 'success');
          if (isNew) navigate(`${manufacturerKind.route}/${saved.id}`, { replace: true });
        },
        onError: (error) => {
          if (!edit.catchConflict(error)) notify('MANUFACTURER', action, 'error', error.message);
        },
      },
    );
  });

  if (loaded.isError) throw loaded.error;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>
          {isNew
            ? t('form.titleNew', { kind: t('manufacturer.one') })
            : (data?.displayName ?? t('manufacturer.one'))}
        </Title>
        {data && (
          <Group>
            <Button
              component={Link}
              to={`/article?manufacturer=${data.id}`}
              variant="light"
              leftSection={<IconList size={16} />}
            >
              {t('manufacturer.showArticles')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconArrowsExchange size={16} />}
              onClick={() => setMigrationOpen(true)}
            >
              {t('manufacturer.migration')}
            </Button>
          </Group>
        )}
      </Group>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={handleSubmit} noValidate>
        <EditConflictAlert edit={edit} mb="md" />
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack>
              <NameFields
                form={form}
                isTakenElsewhere={(name) => isNameTakenElsewhere('manufacturer', name, data?.id)}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack>
              <TextField control={form.control} name="abbreviation" label={t('manufacturer.abbreviation')} />
              <TextField
                control={form.control}
                name="link"
                label={t('manufacturer.link')}
                placeholder={t('manufacturer.linkPlaceholder')}
                type="url"
              />
            </Stack>
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => navigate(manufacturerKind.route)}>
            {t('form.back')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Paper>
      {data && (
        <MigrationDialog manufacturer={data} opened={migrationOpen} onClose={() => setMigrationOpen(false)} />
      )}
    </Stack>
  );
}
