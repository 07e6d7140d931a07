import { ActionIcon, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { DiscountGroupBody, discountGroupBody } from '@portal/domain/schemas/discount-group';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type Control, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { NumberField, SelectField, type SelectOption } from '../../../components/form';

/** SPEC §3 wholesalerDiscounts: one row per wholesaler with its own percent. */
export function WholesalerDiscountsFields({
  control,
  wholesalers,
  error,
}: {
  control: Control<DiscountGroupBody, unknown, z.output<typeof discountGroupBody>>;
  wholesalers: SelectOption[];
  error?: string;
}) {
  const { t } = useTranslation('fieldvalues');
  const { fields, append, remove } = useFieldArray({ control, name: 'wholesalerDiscounts' });
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {t('discount.wholesalerDiscounts')}
      </Title>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('discount.noWholesalerDiscounts')}
        </Text>
      )}
      {fields.map((field, index) => (
        <Group key={field.id} align="end" wrap="nowrap">
          <SelectField
            control={control}
            name={`wholesalerDiscounts.${index}.wholesalerId`}
            label={t('discount.wholesaler')}
            data={wholesalers}
            searchable
            required
            style={{ flex: 2 }}
          />
          <NumberField
            control={control}
            name={`wholesalerDiscounts.${index}.percent`}
            label={t('discount.wholesalerPercent')}
            min={0}
            max={100}
            decimalScale={2}
            required
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mb={4}
            aria-label={t('discount.removeWholesalerDiscount')}
            onClick={() => remove(index)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {error && (
        <Text size="sm" c="red">
          {error}
        </Text>
      )}
      <Group>
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} />}
          onClick={() => append({ wholesalerId: '', percent: 0 })}
        >
          {t('discount.addWholesalerDiscount')}
        </Button>
      </Group>
    </Stack>
  );
}
