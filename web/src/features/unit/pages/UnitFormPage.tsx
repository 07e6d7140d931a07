import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mantine/core';
import { type Unit, type UnitBody, unitBody, unitDetail } from '@portal/domain/schemas/unit';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { PageProps } from '../../../app/page-props';
import { RecordFormLayout } from '../../../components/record-form';
import {
  isNameTakenElsewhere,
  NameFields,
  useFieldValueForm,
  useFieldValueTitle,
  useNamedHistory,
} from '../../field-values';
import { unitKind } from '../api/unit-kind';

const EMPTY: UnitBody = { displayName: '', nameVariants: [] };

/** SPEC §2 unit form (also `/new`): display name and name variants. */
export default function UnitFormPage({ params }: PageProps) {
  const { t } = useTranslation('fieldvalues');
  const id = params.id === 'new' ? undefined : params.id;
  const form = useForm<UnitBody, unknown, z.output<typeof unitBody>>({
    resolver: zodResolver(unitBody),
    defaultValues: EMPTY,
  });
  const page = useFieldValueForm(unitKind, unitDetail, {
    form,
    id,
    toForm: (item: Unit): UnitBody => ({ displayName: item.displayName, nameVariants: item.nameVariants }),
    fields: [
      { name: 'displayName', label: t('form.displayName') },
      { name: 'nameVariants', label: t('form.nameVariants') },
    ],
  });
  const data = page.record;
  const title = useFieldValueTitle(page, t('unit.one'));
  const history = useNamedHistory();

  return (
    <RecordFormLayout page={page} title={title} maw={720} history={history}>
      <Stack>
        <NameFields form={form} isTakenElsewhere={(name) => isNameTakenElsewhere('unit', name, data?.id)} />
      </Stack>
    </RecordFormLayout>
  );
}
