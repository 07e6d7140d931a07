import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { type Unit, type UnitBody, unit, unitBody } from '@portal/domain/schemas/unit';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { PageProps } from '../../../app/page-props';
import { EditConflictAlert, useEditConflict } from '../../../components/edit-conflict';
import { notify } from '../../../lib/notify';
import {
  isNameTakenElsewhere,
  NameFields,
  useFieldValue,
  useFieldValueReload,
  useSaveFieldValue,
} from '../../field-values';
import { unitKind } from '../api/unit-kind';

const EMPTY: UnitBody = { displayName: '', nameVariants: [] };

/** SPEC §2 unit form (also `/new`): display name and name variants. */
export default function UnitFormPage({ params }: PageProps) {
  const { t } = useTranslation('fieldvalues');
  const navigate = useNavigate();
  const isNew = params.id === 'new';
  const loaded = useFieldValue(unitKind, unit, isNew ? undefined : params.id);
  const save = useSaveFieldValue<Unit, UnitBody>(unitKind);
  const form = useForm<UnitBody, unknown, z.output<typeof unitBody>>({
    resolver: zodResolver(unitBody),
    defaultValues: EMPTY,
  });
  const data = loaded.data;
  const edit = useEditConflict({
    form,
    record: data,
    toForm: (item: Unit): UnitBody => ({ displayName: item.displayName, nameVariants: item.nameVariants }),
    fields: [
      { name: 'displayName', label: t('form.displayName') },
      { name: 'nameVariants', label: t('form.nameVariants') },
    ],
    ...useFieldValueReload(unitKind, unit, data?.id),
  });

  const handleSubmit = form.handleSubmit((body) => {
    const action = isNew ? 'create' : 'update';
    save.mutate(
      { id: isNew ? undefined : params.id, body, lastUpdate: edit.lastUpdate() },
      {
        onSuccess: (saved) => {
          edit.saved(saved);
          notify('UNIT', action, 'success');
          if (isNew) navigate(`${unitKind.route}/${saved.id}`, { replace: true });
        },
        onError: (error) => {
          if (!edit.catchConflict(error)) notify('UNIT', action, 'error', error.message);
        },
      },
    );
  });

  if (loaded.isError) throw loaded.error;

  return (
    <Stack>
      <Title order={2}>
        {isNew ? t('form.titleNew', { kind: t('unit.one') }) : (data?.displayName ?? t('unit.one'))}
      </Title>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={handleSubmit} noValidate maw={720}>
        <Stack>
          <EditConflictAlert edit={edit} />
          <NameFields form={form} isTakenElsewhere={(name) => isNameTakenElsewhere('unit', name, data?.id)} />
        </Stack>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => navigate(unitKind.route)}>
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
