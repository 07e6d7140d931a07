import { zodResolver } from '@hookform/resolvers/zod';
import { Grid } from '@mantine/core';
import { type EclassBody, type EclassEntry, eclassBody, eclassDetail } from '@portal/domain/schemas/eclass';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { PageProps } from '../../../app/page-props';
import { NumberField, TextField } from '../../../components/form';
import { RecordFormLayout } from '../../../components/record-form';
import { useFieldValueForm } from '../../field-values';
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
  const id = params.id === 'new' ? undefined : params.id;
  const form = useForm<EclassBody, unknown, z.output<typeof eclassBody>>({
    resolver: zodResolver(eclassBody),
    defaultValues: EMPTY,
  });
  const page = useFieldValueForm(eclassKind, eclassDetail, {
    form,
    id,
    savedText: t('eclass.saved'),
    // SPEC §8: 409 'E-Class ID bereits vorhanden'.
    fieldErrors: { 409: 'eclassNumber' },
    toForm: ({ eclassNumber, description, workTime, firstLevelOrder, secondLevelOrder }: EclassEntry) => ({
      eclassNumber,
      description,
      workTime,
      firstLevelOrder,
      secondLevelOrder,
    }),
    fields: (['eclassNumber', 'description', 'workTime', 'firstLevelOrder', 'secondLevelOrder'] as const).map(
      (name) => ({ name, label: t(`eclass.${name}`) }),
    ),
  });
  const data = page.record;

  return (
    <RecordFormLayout
      page={page}
      title={
        page.isNew
          ? t('form.titleNew', { kind: t('eclass.one') })
          : `${t('eclass.one')} ${data?.eclassNumber ?? ''}`
      }
      history={{
        entries: (record) => record.changeEntries,
        fieldLabel: (field) =>
          t(`eclass.fields.${field}` as 'eclass.fields.eclassNumber', { defaultValue: field }),
      }}
    >
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
    </RecordFormLayout>
  );
}
