import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Group, Paper, Stack, Title } from '@mantine/core';
import {
  type DiscountGroup,
  type DiscountGroupBody,
  discountGroup,
  discountGroupBody,
} from '@portal/domain/schemas/discount-group';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { PageProps } from '../../../app/page-props';
import { NumberField, SelectField } from '../../../components/form';
import { notify } from '../../../lib/notify';
import { useFieldValue } from '../../field-values/api/get-field-value';
import { useFieldValues } from '../../field-values/api/get-field-values';
import { useSaveFieldValue } from '../../field-values/api/save-field-value';
import { isNameTakenElsewhere } from '../../field-values/api/search-field-value-names';
import { NameFields } from '../../field-values/components/NameFields';
import { manufacturerKind } from '../../manufacturer/api/manufacturer-kind';
import { wholesalerKind } from '../../wholesaler/api/wholesaler-kind';
import { discountGroupKind } from '../api/discount-group-kind';
import { WholesalerDiscountsFields } from '../components/WholesalerDiscountsFields';

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
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const isNew = params.id === 'new';
  const loaded = useFieldValue(discountGroupKind, discountGroup, isNew ? undefined : params.id);
  const manufacturers = useFieldValues(manufacturerKind, { column: 'displayName' });
  const wholesalers = useFieldValues(wholesalerKind, { column: 'displayName' });
  const save = useSaveFieldValue<DiscountGroup, DiscountGroupBody>(discountGroupKind);
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
  const data = loaded.data;

  useEffect(() => {
    if (data) form.reset(toForm(data));
  }, [data, form]);

  const handleSubmit = form.handleSubmit((body) => {
    const action = isNew ? 'create' : 'update';
    save.mutate(
      { id: isNew ? undefined : params.id, body },
      {
        onSuccess: (saved) => {
          notify('DISCOUNT_GROUP', action, 'success');
          if (isNew) navigate(`${discountGroupKind.route}/${saved.id}`, { replace: true });
        },
        onError: (error) => notify('DISCOUNT_GROUP', action, 'error', error.message),
      },
    );
  });

  if (loaded.isError) throw loaded.error;
  const options = (list: { id: string; displayName: string }[] | undefined) =>
    (list ?? []).map((item) => ({ value: item.id, label: item.displayName }));

  return (
    <Stack>
      <Title order={2}>
        {isNew ? t('form.titleNew', { kind: t('discount.one') }) : (data?.displayName ?? t('discount.one'))}
      </Title>
      <Paper withBorder p="md" radius="md" component="form" onSubmit={handleSubmit} noValidate>
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
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => navigate(discountGroupKind.route)}>
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
