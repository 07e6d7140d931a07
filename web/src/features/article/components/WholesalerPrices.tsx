import { ActionIcon, Button, Grid, Stack, Text } from '@mantine/core';
import type { ArticleBody, ArticleValues } from '@portal/domain/schemas/article';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type Control, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField, SelectField, TextField } from '../../../components/form';
import type { Option } from '../api/get-article-options';

export interface WholesalerPricesProps {
  control: Control<ArticleBody, unknown, ArticleValues>;
  wholesalers: Option[];
  disabled?: boolean;
}

/**
 * SPEC §3 wholesalerInfos: one row per wholesaler (order number and purchase price there). A wholesaler
 * already used in a row is not offered again; a row is added with the button and removed with the bin.
 */
export function WholesalerPrices({ control, wholesalers, disabled }: WholesalerPricesProps) {
  const { t } = useTranslation('article');
  const { fields, append, remove } = useFieldArray({ control, name: 'wholesalerInfos' });
  const rows = useWatch({ control, name: 'wholesalerInfos' }) ?? [];
  const used = new Set(rows.map((row) => row?.wholesalerId).filter(Boolean));
  const allUsed = wholesalers.length > 0 && wholesalers.every((option) => used.has(option.value));

  return (
    <Stack gap="xs">
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('wholesalers.empty')}
        </Text>
      )}
      {fields.map((field, index) => {
        const own = rows[index]?.wholesalerId;
        const options = wholesalers.filter((option) => option.value === own || !used.has(option.value));
        return (
          <Grid key={field.id} align="end" data-testid="wholesaler-row">
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <SelectField
                control={control}
                name={`wholesalerInfos.${index}.wholesalerId`}
                label={t('wholesalers.wholesaler')}
                required
                searchable
                data={options}
                disabled={disabled}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextField
                control={control}
                name={`wholesalerInfos.${index}.orderNumber`}
                label={t('wholesalers.orderNumber')}
                disabled={disabled}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 10, sm: 3 }}>
              <NumberField
                control={control}
                name={`wholesalerInfos.${index}.purchasePrice`}
                label={t('wholesalers.purchasePrice')}
                min={0}
                decimalScale={4}
                disabled={disabled}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 2, sm: 1 }}>
              {!disabled && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={t('wholesalers.remove')}
                  onClick={() => remove(index)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              )}
            </Grid.Col>
          </Grid>
        );
      })}
      {!disabled && (
        <div>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={allUsed}
            title={allUsed ? t('wholesalers.allUsed') : undefined}
            onClick={() => append({ wholesalerId: '', orderNumber: '', purchasePrice: null })}
          >
            {t('wholesalers.add')}
          </Button>
        </div>
      )}
    </Stack>
  );
}
