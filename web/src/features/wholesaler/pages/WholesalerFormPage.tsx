import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import {
  type Wholesaler,
  type WholesalerBody,
  wholesaler,
  wholesalerBody,
} from '@portal/domain/schemas/wholesaler';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { PageProps } from '../../../app/page-props';
import { EditConflictAlert, useEditConflict } from '../../../components/edit-conflict';
import { TextField } from '../../../components/form';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useFieldValue, useFieldValueReload, useSaveFieldValue } from '../../field-values';
import { wholesalerKind } from '../api/wholesaler-kind';

/** SPEC §2 wholesaler form (also `/new`): the name, unique (412 shows at the field, SPEC §8). */
export default function WholesalerFormPage({ params }: PageProps) {
  const { t } = useTranslation('fieldvalues');
  const navigate = useNavigate();
  const isNew = params.id === 'new';
  const loaded = useFieldValue(wholesalerKind, wholesaler, isNew ? undefined : params.id);
  const save = useSaveFieldValue<Wholesaler, WholesalerBody>(wholesalerKind);
  const form = useForm<WholesalerBody, unknown, z.output<typeof wholesalerBody>>({
    resolver: zodResolver(wholesalerBody),
    defaultValues: { displayName: '' },
  });
  const data = loaded.data;
  const edit = useEditConflict({
    form,
    record: data,
    toForm: (item: Wholesaler): WholesalerBody => ({ displayName: item.displayName }),
    fields: [{ name: 'displayName', label: t('form.displayName') }],
    ...useFieldValueReload(wholesalerKind, wholesaler, data?.id),
  });

  const handleSubmit = form.handleSubmit((body) => {
    const action = isNew ? 'create' : 'update';
    save.mutate(
      { id: isNew ? undefined : params.id, body, lastUpdate: edit.lastUpdate() },
      {
        onSuccess: (saved) => {
          edit.saved(saved);
          notify('WHOLESALER', action, 'success');
          if (isNew) navigate(`${wholesalerKind.route}/${saved.id}`, { replace: true });
        },
        onError: (error) => {
          if (edit.catchConflict(error)) return;
          if (error instanceof ApiError && error.status === 412)
            form.setError('displayName', { message: error.message });
          notify('WHOLESALER', action, 'error', error.message);
        },
      },
    );
  });

  if (loaded.isError) throw loaded.error;

  return (
    <Stack>
      <Title order={2}>
        {isNew
          ? t('form.titleNew', { kind: t('wholesaler.one') })
          : (data?.displayName ?? t('wholesaler.one'))}
      </Title>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={handleSubmit} noValidate maw={720}>
        <EditConflictAlert edit={edit} mb="md" />
        <TextField control={form.control} name="displayName" label={t('form.displayName')} required />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => navigate(wholesalerKind.route)}>
            {t('form.back')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
