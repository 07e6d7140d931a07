import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LENGTH_UNITS, WEIGHT_UNITS } from '@portal/domain/enums';
import {
  type ImportConfigBody,
  type ImportConfigResponse,
  type ImportConfigValues,
  importConfigBody,
} from '@portal/domain/schemas/import-config';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PageProps } from '../../../app/page-props';
import { confirmAction } from '../../../components/ConfirmDialog';
import { EditConflictAlert, useEditConflict } from '../../../components/edit-conflict';
import { SelectField, TextareaField, TextField } from '../../../components/form';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteImportConfigs } from '../api/delete-import-configs';
import { useConfigOptions } from '../api/get-config-options';
import { fetchImportConfig, useImportConfig } from '../api/get-import-config';
import { useSaveImportConfig } from '../api/save-import-config';
import { FieldMappingTable } from '../components/FieldMappingTable';
import { applyHeaderRead } from '../components/header-read';
import { importConfigConflictFields } from '../components/import-config-conflict-fields';
import { SampleFileSection } from '../components/SampleFileSection';

const EMPTY: ImportConfigBody = {
  title: '',
  description: '',
  manufacturerId: null,
  wholesalerId: null,
  defaultUnitId: null,
  filename: null,
  samplePath: null,
  headers: [],
  headerRowIndex: 1,
  fieldMapping: [],
  unitWidth: 'CM',
  unitHeight: 'CM',
  unitDepth: 'CM',
  unitWeight: 'KG',
};

function toForm(config: ImportConfigResponse): ImportConfigBody {
  const {
    id: _id,
    manufacturerName: _m,
    wholesalerName: _w,
    defaultUnitName: _u,
    createDate: _c,
    lastUpdate: _l,
    ...body
  } = config;
  return body;
}

/** SPEC §2 import configuration form (`/import/config/{id}`, also `new`). */
export default function ImportConfigFormPage({ params }: PageProps) {
  const { t } = useTranslation('import');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const isNew = params.id === 'new';
  const config = useImportConfig(isNew ? undefined : params.id);
  const save = useSaveImportConfig();
  const remove = useDeleteImportConfigs();
  const options = useConfigOptions();
  const form = useForm<ImportConfigBody, unknown, ImportConfigValues>({
    resolver: zodResolver(importConfigBody),
    defaultValues: EMPTY,
  });
  const [headers, mapping, filename, samplePath, headerRowIndex] = useWatch({
    control: form.control,
    name: ['headers', 'fieldMapping', 'filename', 'samplePath', 'headerRowIndex'],
  });
  const errors = form.formState.errors;
  const data = config.data;
  const queryClient = useQueryClient();
  const edit = useEditConflict({
    form,
    record: data,
    toForm,
    fields: importConfigConflictFields(t as (key: string) => string, options),
    loadCurrent: () => fetchImportConfig(data?.id ?? ''),
    onReloaded: (current) => queryClient.setQueryData(['import-config', current.id], current),
  });

  const handleSubmit = form.handleSubmit((body) => {
    save.mutate(
      { id: isNew ? undefined : params.id, body, lastUpdate: edit.lastUpdate() },
      {
        onSuccess: (saved) => {
          edit.saved(saved);
          notifySuccess(t('config.saved'));
          if (isNew) navigate(`/import/config/${saved.id}`, { replace: true });
        },
        onError: (error) => {
          if (!edit.catchConflict(error)) notifyError(error.message);
        },
      },
    );
  });

  const handleDelete = () =>
    confirmAction({
      message: t('config.deleteConfirm', { count: 1 }),
      onConfirm: () =>
        remove.mutate([params.id ?? ''], {
          onSuccess: ({ failed }) => {
            if (failed > 0) return notifyError(t('config.notAllDeleted'));
            notifySuccess(t('config.deleted'));
            navigate('/import/config');
          },
        }),
    });

  if (config.isError) throw config.error;
  const unitSelect = (name: 'unitWidth' | 'unitHeight' | 'unitDepth', label: string) => (
    <SelectField
      control={form.control}
      name={name}
      label={label}
      required
      data={LENGTH_UNITS.map((unit) => ({ value: unit, label: t(`lengthUnit.${unit}`) }))}
    />
  );

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <Title order={1} size="h2">
          {isNew ? t('config.titleNew') : t('config.titleEdit', { title: data?.title ?? '' })}
        </Title>
        <EditConflictAlert edit={edit} />
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('config.general')}
          </Title>
          <Grid>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextField control={form.control} name="title" label={t('config.title')} required />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <SelectField
                control={form.control}
                name="manufacturerId"
                label={t('config.manufacturer')}
                description={t('config.manufacturerHint')}
                data={options.manufacturers}
                searchable
                clearable
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <TextareaField
                control={form.control}
                name="description"
                label={t('config.description')}
                required
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <SelectField
                control={form.control}
                name="wholesalerId"
                label={t('config.wholesaler')}
                description={t('config.wholesalerHint')}
                data={options.wholesalers}
                searchable
                clearable
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <SelectField
                control={form.control}
                name="defaultUnitId"
                label={t('config.defaultUnit')}
                description={t('config.defaultUnitHint')}
                data={options.units}
                searchable
                clearable
              />
            </Grid.Col>
          </Grid>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('config.sample')}
          </Title>
          <SampleFileSection
            filename={filename ?? null}
            samplePath={samplePath ?? null}
            headerRowIndex={headerRowIndex}
            headerCount={headers.length}
            onHeaderRowIndexChange={(index) =>
              form.setValue('headerRowIndex', index, {
                shouldDirty: true,
                shouldValidate: form.formState.isSubmitted,
              })
            }
            rowError={errors.headerRowIndex?.message}
            rowFromConfig={!isNew}
            onHeaders={(result) => {
              const values = applyHeaderRead(mapping, result);
              const validate = { shouldValidate: form.formState.isSubmitted };
              form.setValue('filename', result.filename);
              form.setValue('samplePath', result.samplePath);
              form.setValue('headers', values.headers, validate);
              form.setValue('fieldMapping', values.fieldMapping, validate);
              if (values.units) {
                for (const [name, unit] of Object.entries(values.units)) {
                  form.setValue(name as keyof typeof values.units, unit, { shouldDirty: true });
                }
              }
            }}
            error={errors.headers?.message}
          />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="xs">
            {t('config.mapping')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('config.mappingHint')}
          </Text>
          <FieldMappingTable
            headers={headers}
            value={mapping}
            onChange={(next) =>
              form.setValue('fieldMapping', next, { shouldValidate: form.formState.isSubmitted })
            }
            error={errors.fieldMapping?.message ?? errors.fieldMapping?.root?.message}
          />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="xs">
            {t('config.units')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('config.unitsHint')}
          </Text>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              {unitSelect('unitWidth', t('config.unitWidth'))}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              {unitSelect('unitHeight', t('config.unitHeight'))}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              {unitSelect('unitDepth', t('config.unitDepth'))}
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
              <SelectField
                control={form.control}
                name="unitWeight"
                label={t('config.unitWeight')}
                required
                data={WEIGHT_UNITS.map((unit) => ({ value: unit, label: t(`weightUnit.${unit}`) }))}
              />
            </Grid.Col>
          </Grid>
        </Paper>
        <Group justify="flex-end">
          {!isNew && (
            <Button color="red" variant="light" onClick={handleDelete} loading={remove.isPending}>
              {t('config.delete')}
            </Button>
          )}
          <Button variant="default" onClick={() => navigate('/import/config')}>
            {tc('back')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="import-config-save">
            {tc('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
