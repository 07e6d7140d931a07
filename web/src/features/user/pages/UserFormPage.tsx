import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Grid, Paper, Stack, TextInput, Title } from '@mantine/core';
import { type UserBody, type UserResponse, userBody } from '@portal/domain/schemas/user';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { PageProps } from '../../../app/page-props';
import { ChangeHistory } from '../../../components/ChangeHistory';
import { EditConflictAlert, useEditConflict } from '../../../components/edit-conflict';
import { FormActions, SelectField, SwitchField, TextField } from '../../../components/form';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify';
import { useSession } from '../../auth';
import { useCompanyOptions } from '../api/get-company-options';
import { fetchUser, useUser } from '../api/get-user';
import { useSaveUser } from '../api/save-user';

const EMPTY: UserBody = {
  name: '',
  lastname: '',
  mail: '',
  phoneNumber: '',
  admin: false,
  companyId: undefined,
};

function toForm(user: UserResponse): UserBody {
  return {
    name: user.name,
    lastname: user.lastname,
    mail: user.mail,
    phoneNumber: user.phoneNumber,
    admin: user.admin,
    companyId: user.companyId,
  };
}

/**
 * SPEC §2 user form, also `/user/new`. The operator chooses among active companies; a customer's or
 * supplier's admin always works on the own company.
 */
export default function UserFormPage({ params }: PageProps) {
  const { t } = useTranslation('user');
  const navigate = useNavigate();
  const session = useSession().data;
  const operator = session?.company.type === 'ADMIN';
  const isNew = params.id === 'new';
  const user = useUser(isNew ? undefined : params.id);
  const companies = useCompanyOptions(operator, true);
  const save = useSaveUser();
  const schema = operator
    ? userBody.refine((value) => !!value.companyId, {
        path: ['companyId'],
        message: 'Bitte wählen Sie ein Unternehmen.',
      })
    : userBody;
  const form = useForm<UserBody, unknown, z.output<typeof userBody>>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const data = user.data;
  const queryClient = useQueryClient();
  const companyName = (id: unknown, record: UserResponse) =>
    companies.data?.find((option) => option.value === id)?.label ??
    (id === record.companyId ? record.company.name : '–');
  const edit = useEditConflict({
    form,
    record: data,
    toForm,
    fields: [
      ...(['name', 'lastname', 'mail', 'phoneNumber', 'admin'] as const).map((name) => ({
        name,
        label: t(`form.${name}`),
      })),
      { name: 'companyId', label: t('form.company'), format: companyName },
    ],
    loadCurrent: () => fetchUser(data?.id ?? ''),
    onReloaded: (current) => queryClient.setQueryData(['user', current.id], current),
  });

  const handleSubmit = form.handleSubmit((body) => {
    save.mutate(
      {
        id: isNew ? undefined : params.id,
        body: operator ? body : { ...body, companyId: undefined },
        lastUpdate: edit.lastUpdate(),
      },
      {
        onSuccess: (saved) => {
          // SPEC §8: a guest's address is a warning, not an error; the form keeps its input.
          if ('externalGuest' in saved) return notifyWarning(t('form.externalGuest'));
          edit.saved(saved);
          if (saved.assignedExternal) notifyWarning(t('form.assignedExternal'));
          else notifySuccess(isNew ? t('form.created') : t('form.saved'));
          if (isNew) navigate(`/user/${saved.id}`, { replace: true });
        },
        onError: (error) => {
          if (!edit.catchConflict(error)) notifyError(error.message);
        },
      },
    );
  });

  if (user.isError) throw user.error;

  // The company of the record (edit) must be choosable even if it is no longer active.
  const companyData = [...(companies.data ?? [])];
  if (data && !companyData.some((option) => option.value === data.companyId))
    companyData.push({ value: data.companyId, label: data.company.name });

  return (
    <Stack>
      <Title order={1} size="h2">
        {isNew ? t('form.titleNew') : t('form.title', { name: data ? `${data.name} ${data.lastname}` : '' })}
      </Title>
      {isNew && <Alert color="blue">{t('form.invitationHint')}</Alert>}
      <Paper withBorder p="md" radius="md" component="form" onSubmit={handleSubmit} noValidate>
        <EditConflictAlert edit={edit} mb="md" />
        <Grid>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextField control={form.control} name="name" label={t('form.name')} required />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextField control={form.control} name="lastname" label={t('form.lastname')} required />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextField control={form.control} name="mail" label={t('form.mail')} type="email" required />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TextField
              control={form.control}
              name="phoneNumber"
              label={t('form.phoneNumber')}
              type="tel"
              required
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            {operator ? (
              <SelectField
                control={form.control}
                name="companyId"
                label={t('form.company')}
                data={companyData}
                searchable
                required
              />
            ) : (
              <TextInput label={t('form.company')} value={session?.company.name ?? ''} readOnly />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }} pt="xl">
            <SwitchField control={form.control} name="admin" label={t('form.admin')} />
          </Grid.Col>
        </Grid>
        <FormActions backTo="/user" saving={save.isPending} />
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
