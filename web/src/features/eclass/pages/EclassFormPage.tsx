import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Group, Paper, Stack, Title } from '@mantine/core';
import { type EclassBody, type EclassEntry, eclassBody, eclassDetail } from '@portal/domain/schemas/eclass';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { PageProps } from '../../../app/page-props';
import { ChangeHistory } from '../../../components/ChangeHistory';
import { EditConflictAlert, useEditConflict } from '../../../components/edit-conflict';
import { NumberField, TextField } from '../../../components/form';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFieldValue, useFieldValueReload, useSaveFieldValue } from '../../field-values';
import { eclassKind } from '../api/eclass-kind';

const EMPTY: EclassBody = {
  eclassNumber: '',
  description: '',
  workTime: 0,
  firstLevelOrder: 0,
  secondLevelOrder: 0,
};

/** SPEC §2 E-Class form (also `/new`): all fields required, the number exactly 8 digits (SPEC §5). */
export default function EclassFormPage({ params }: PageProps) {
  const { t } = useTranslation('fieldvalues');
  const navigate = useNavigate();
  const isNew = params.id === 'new';
  const loaded = useFieldValue(eclassKind, eclassDetail, isNew ? undefined : params.id);
  const save = useSaveFieldValue<EclassEntry, EclassBody>(eclassKind);
  const form = useForm<EclassBody, unknown, z.output<typeof eclassBody>>({
    resolver: zodResolver(eclassBody),
    defaultValues: EMPTY,
  });
  const data = loaded.data;
  const edit = useEditConflict<EclassEntry, EclassBody>({
    form,
    record: data,
    toForm: ({ eclassNumber, description, workTime, firstLevelOrder, secondLevelOrder }) => ({
      eclassNumber,
      description,
      workTime,
      firstLevelOrder,
      secondLevelOrder,
    }),
    fields: (['eclassNumber', 'description', 'workTime', 'firstLevelOrder', 'secondLevelOrder'] as const).map(
      (name) => ({ name, label: t(`eclass.${name}`) }),
    ),
    ...useFieldValueReload(eclassKind, eclassDetail, data?.id),
  });

  const handleSubmit = form.handleSubmit((body) => {
    save.mutate(
      { id: isNew ? undefined : params.id, body, lastUpdate: edit.lastUpdate() },
      {
        onSuccess: (saved) => {
          edit.saved(saved);
          notifySuccess(t('eclass.saved'));
          if (isNew) navigate(`${eclassKind.route}/${saved.id}`, { replace: true });
        },
        onError: (error) => {
          if (edit.catchConflict(error)) return;
          // SPEC §8: 409 'E-Class ID bereits vorhanden'.
          if (error instanceof ApiError && error.status === 409)
            form.setError('eclassNumber', { message: error.message });
          notifyError(error.message);
        },
      },
    );
  });

  if (loaded.isError) throw loaded.error;

  return (
    <Stack>
      <Title order={2}>
        {isNew
          ? t('form.titleNew', { kind: t('eclass.one') })
          : `${t('eclass.one')} ${data?.eclassNumber ?? ''}`}
      </Title>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={handleSubmit} noValidate>
        <EditConflictAlert edit={edit} mb="md" />
        <Grid>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <TextField
              control={form.control}
              name="eclassNumber"
              label={t('eclass.eclassNumber')}
              description={t('eclass.eclassNumberHint')}
              inputMode="numeric"
              required
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <TextField control={form.control} name="description" label={t('eclass.description')} required />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <NumberField
              control={form.control}
              name="workTime"
              label={t('eclass.workTime')}
              min={0}
              decimalScale={2}
              required
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <NumberField
              control={form.control}
              name="firstLevelOrder"
              label={t('eclass.firstLevelOrder')}
              min={0}
              decimalScale={0}
              required
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <NumberField
              control={form.control}
              name="secondLevelOrder"
              label={t('eclass.secondLevelOrder')}
              min={0}
              decimalScale={0}
              required
            />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => navigate(eclassKind.route)}>
            {t('form.back')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Paper>
      {data && (
        <ChangeHistory
          entries={data.changeEntries}
          fieldLabel={(field) =>
            t(`eclass.fields.${field}` as 'eclass.fields.eclassNumber', { defaultValue: field })
          }
        />
      )}
    </Stack>
  );
}
