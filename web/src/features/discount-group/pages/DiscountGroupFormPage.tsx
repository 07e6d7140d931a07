import { zodResolver } from '@hookform/resolvers/zod';
import { Grid, Stack } from '@mantine/core';
import {
  type DiscountGroup,
  type DiscountGroupBody,
  discountGroupBody,
  discountGroupDetail,
} from '@portal/domain/schemas/discount-group';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { PageProps } from '../../../app/page-props';
import { NumberField, SelectField } from '../../../components/form';
import { RecordFormLayout } from '../../../components/record-form';
import { formatNumber } from '../../../lib/format';
import {
  isNameTakenElsewhere,
  NameFields,
  useFieldValueForm,
  useFieldValues,
  useFieldValueTitle,
  useNamedHistory,
} from '../../field-values';
import { manufacturerKind } from '../../manufacturer';
import { wholesalerKind } from '../../wholesaler';
import { discountGroupKind } from '../api/discount-group-kind';
import { WholesalerDiscountsFields } from '../components/WholesalerDiscountsFields';

const nameOf = (list: { id: string; displayName: string }[] | undefined, id: unknown) =>
  list?.find((item) => item.id === id)?.displayName;

function toForm(item: DiscountGroup): DiscountGroupBody {
  return {
    displayName: item.displayName,
    nameVariants: item.nameVariants,
    percent: item.percent,
    manufacturerId: item.manufacturerId,
    wholesalerDiscounts: item.wholesalerDiscounts.map(({ wholesalerId, percent }) => ({
      wholesalerId,
      percent,
    })),
  };
}

/** SPEC §2 discount group form (also `/new`): names (unique per manufacturer), percent, wholesaler discounts. */
export default function DiscountGroupFormPage({ params }: PageProps) {
  const { t } = useTranslation('fieldvalues');
  const [searchParams] = useSearchParams();
  const id = params.id === 'new' ? undefined : params.id;
  const manufacturers = useFieldValues(manufacturerKind, { column: 'displayName' });
  const wholesalers = useFieldValues(wholesalerKind, { column: 'displayName' });
  const form = useForm<DiscountGroupBody, unknown, z.output<typeof discountGroupBody>>({
    resolver: zodResolver(discountGroupBody),
    defaultValues: {
      displayName: '',
      nameVariants: [],
      percent: 0,
      manufacturerId: searchParams.get('manufacturer') ?? '',
      wholesalerDiscounts: [],
    },
  });
  const manufacturerId = useWatch({ control: form.control, name: 'manufacturerId' });
  const page = useFieldValueForm(discountGroupKind, discountGroupDetail, {
    form,
    id,
    toForm,
    fields: [
      { name: 'displayName', label: t('form.displayName') },
      { name: 'nameVariants', label: t('form.nameVariants') },
      {
        name: 'manufacturerId',
        label: t('discount.manufacturer'),
        format: (id, record) => nameOf(manufacturers.data?.content, id) ?? record.manufacturerName,
      },
      { name: 'percent', label: t('discount.percent'), format: (value) => formatNumber(value as number) },
      {
        name: 'wholesalerDiscounts',
        label: t('discount.wholesalerDiscounts'),
        format: (value, record) =>
          ((value ?? []) as NonNullable<DiscountGroupBody['wholesalerDiscounts']>)
            .map((entry) => {
              const name =
                nameOf(wholesalers.data?.content, entry.wholesalerId) ??
                record.wholesalerDiscounts.find((known) => known.wholesalerId === entry.wholesalerId)
                  ?.wholesalerName;
              return `${name ?? '–'} ${formatNumber(entry.percent)} %`;
            })
            .join(', ') || '–',
      },
    ],
  });
  const data = page.record;
  const title = useFieldValueTitle(page, t('discount.one'));
  const history = useNamedHistory({
    manufacturer: t('discount.manufacturer'),
    percent: t('discount.percent'),
    wholesalerDiscounts: t('discount.wholesalerDiscounts'),
  });
  const options = (list: { id: string; displayName: string }[] | undefined) =>
    (list ?? []).map((item) => ({ value: item.id, label: item.displayName }));

  return (
    <RecordFormLayout page={page} title={title} history={history}>
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <NameFields
              form={form}
              isTakenElsewhere={(name) =>
                manufacturerId
                  ? isNameTakenElsewhere('discountgroup', name, data?.id, manufacturerId)
                  : Promise.resolve(false)
              }
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <SelectField
              control={form.control}
              name="manufacturerId"
              label={t('discount.manufacturer')}
              data={options(manufacturers.data?.content)}
              searchable
              required
            />
            <NumberField
              control={form.control}
              name="percent"
              label={t('discount.percent')}
              min={0}
              max={100}
              decimalScale={2}
              required
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={12}>
          <WholesalerDiscountsFields
            control={form.control}
            wholesalers={options(wholesalers.data?.content)}
            error={
              form.formState.errors.wholesalerDiscounts?.root?.message ??
              form.formState.errors.wholesalerDiscounts?.message
            }
          />
        </Grid.Col>
      </Grid>
    </RecordFormLayout>
  );
}
