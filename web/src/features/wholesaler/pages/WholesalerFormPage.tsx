import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Wholesaler,
  type WholesalerBody,
  wholesaler,
  wholesalerBody,
} from '@portal/domain/schemas/wholesaler';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { PageProps } from '../../../app/page-props';
import { TextField } from '../../../components/form';
import { RecordFormLayout } from '../../../components/record-form';
import { useFieldValueForm, useFieldValueTitle } from '../../field-values';
import { wholesalerKind } from '../api/wholesaler-kind';

/** SPEC §2 wholesaler form (also `/new`): the name, unique (412 shows at the field, SPEC §8). */
export default function WholesalerFormPage({ params }: PageProps) {
  const { t } = useTranslation('fieldvalues');
  const id = params.id === 'new' ? undefined : params.id;
  const form = useForm<WholesalerBody, unknown, z.output<typeof wholesalerBody>>({
    resolver: zodResolver(wholesalerBody),
    defaultValues: { displayName: '' },
  });
  const page = useFieldValueForm(wholesalerKind, wholesaler, {
    form,
    id,
    fieldErrors: { 412: 'displayName' },
    toForm: (item: Wholesaler): WholesalerBody => ({ displayName: item.displayName }),
    fields: [{ name: 'displayName', label: t('form.displayName') }],
  });
  const title = useFieldValueTitle(page, t('wholesaler.one'));

  return (
    <RecordFormLayout page={page} title={title} maw={720}>
      <TextField control={form.control} name="displayName" label={t('form.displayName')} required />
    </RecordFormLayout>
  );
}
