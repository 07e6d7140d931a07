import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Grid, Paper, Stack, Title } from '@mantine/core';
import {
  type CompanyBody,
  type CompanyResponse,
  companyBody,
  SELECTABLE_COMPANY_TYPES,
} from '@portal/domain/schemas/company';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { PageProps } from '../../../app/page-props';
import { ChangeHistory } from '../../../components/ChangeHistory';
import { EditConflictAlert, useEditConflict } from '../../../components/edit-conflict';
import { FormActions, SelectField, SwitchField, TextareaField, TextField } from '../../../components/form';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { fetchCompany, useCompany } from '../api/get-company';
import { useReleaseCompany } from '../api/release-company';
import { useSaveCompany } from '../api/save-company';

const EMPTY: CompanyBody = {
  name: '',
  type: 'CUSTOMER',
  customerNumber: '',
  street: '',
  houseNo: '',
  zip: '',
  city: '',
  additionalInfo: '',
};

function toForm(company: CompanyResponse): CompanyBody {
  return {
    name: company.name,
    // EXTERNAL is not selectable (SPEC §2) but stays the guests' company's type: its address may be empty.
    type: company.type,
    customerNumber: company.customerNumber ?? '',
    street: company.address.street,
    houseNo: company.address.houseNo,
    zip: company.address.zip,
    city: company.address.city,
    additionalInfo: company.additionalInfo,
    active: company.active,
  };
}

/** SPEC §2 company form, also `/company/new`; a pending registration gets the release button. */
export default function CompanyFormPage({ params }: PageProps) {
  const { t } = useTranslation('company');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const isNew = params.id === 'new';
  const company = useCompany(isNew ? undefined : params.id);
  const save = useSaveCompany();
  const release = useReleaseCompany();
  const form = useForm<CompanyBody, unknown, z.output<typeof companyBody>>({
    resolver: zodResolver(companyBody),
    defaultValues: EMPTY,
  });
  const type = useWatch({ control: form.control, name: 'type' });
  const data = company.data;
  const external = data?.type === 'EXTERNAL';
  const queryClient = useQueryClient();
  const edit = useEditConflict({
    form,
    record: data,
    toForm,
    fields: [
      ...(
        ['name', 'customerNumber', 'street', 'houseNo', 'zip', 'city', 'additionalInfo', 'active'] as const
      ).map((name) => ({ name, label: t(`form.${name}`) })),
      { name: 'type', label: t('form.type'), format: (type) => tc(`companyType.${type as 'ADMIN'}`) },
    ],
    loadCurrent: () => fetchCompany(data?.id ?? ''),
    onReloaded: (current) => queryClient.setQueryData(['company', current.id], current),
  });

  const handleSubmit = form.handleSubmit((body) => {
    save.mutate(
      { id: isNew ? undefined : params.id, body, lastUpdate: edit.lastUpdate() },
      {
        onSuccess: (saved) => {
          edit.saved(saved);
          notifySuccess(t('form.saved'));
          if (isNew) navigate(`/company/${saved.id}`, { replace: true });
        },
        onError: (error) => {
          if (!edit.catchConflict(error)) notifyError(error.message);
        },
      },
    );
  });

  const handleRelease = () => {
    if (!data) return;
    release.mutate(data.id, {
      onSuccess: () => notifySuccess(t('form.released')),
      onError: (error) => notifyError(error.message),
    });
  };

  if (company.isError) throw company.error;

  return (
    <Stack>
      <Title order={1} size="h2">
        {isNew ? t('form.titleNew') : t('form.title', { name: data?.name ?? '' })}
      </Title>
      {data?.pendingRegistration && (
        <Alert color="yellow" title={t('form.pendingNotice')}>
          <Button mt="xs" onClick={handleRelease} loading={release.isPending} data-testid="release-company">
            {t('form.release')}
          </Button>
        </Alert>
      )}
      <Paper withBorder p="md" radius="md" component="form" onSubmit={handleSubmit} noValidate>
        <EditConflictAlert edit={edit} mb="md" />
        <Grid>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextField control={form.control} name="name" label={t('form.name')} required />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 3 }}>
            {external ? (
              <Alert color="gray">{t('form.externalType')}</Alert>
            ) : (
              <SelectField
                control={form.control}
                name="type"
                label={t('form.type')}
                required
                data={SELECTABLE_COMPANY_TYPES.map((value) => ({ value, label: tc(`companyType.${value}`) }))}
              />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 3 }}>
            {type === 'CUSTOMER' && !external && (
              <TextField
                control={form.control}
                name="customerNumber"
                label={t('form.customerNumber')}
                required
              />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <TextField control={form.control} name="street" label={t('form.street')} required={!external} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <TextField control={form.control} name="houseNo" label={t('form.houseNo')} required={!external} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <TextField control={form.control} name="zip" label={t('form.zip')} required={!external} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            <TextField control={form.control} name="city" label={t('form.city')} required={!external} />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextareaField control={form.control} name="additionalInfo" label={t('form.additionalInfo')} />
          </Grid.Col>
          {data && !data.pendingRegistration && (
            <Grid.Col span={12}>
              <SwitchField
                control={form.control}
                name="active"
                label={t('form.active')}
                description={t('form.activeHint')}
              />
            </Grid.Col>
          )}
        </Grid>
        <FormActions backTo="/company" saving={save.isPending} />
      </Paper>
      {data && (
        <ChangeHistory
          entries={data.changeEntries}
          fieldLabel={(field) => t(`fields.${field}`, { defaultValue: field })}
        />
      )}
    </Stack>
  );
}
