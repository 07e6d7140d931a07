import { Grid, Paper, Text, TextInput, Title } from '@mantine/core';
import { DELIVERY_CONDITIONS } from '@portal/domain/enums';
import { DELIVERY_CONDITION_LABELS } from '@portal/domain/rules/technical-spec-labels';
import type { OfferResponse } from '@portal/domain/schemas/offer';
import { type Control, useWatch } from 'react-hook-form';
import {
  DateField,
  NumberField,
  readOnlyInput,
  readOnlySelect,
  SelectField,
  TextareaField,
  TextField,
} from '../../../components/form';
import { formatDate, formatPrice } from '../../../lib/format';
import { useOfferT } from '../offer-i18n';
import { EnquiryValueNote } from './EnquiryValueNote';
import type { OfferFormOutput, OfferFormValues } from './offer-form-values';

export type OfferFormControl = Control<OfferFormValues, unknown, OfferFormOutput>;

const DELIVERY_OPTIONS = DELIVERY_CONDITIONS.map((value) => ({
  value,
  label: DELIVERY_CONDITION_LABELS[value],
}));

const cents = (value: number | null) => (value === null ? null : Math.round(value * 100));

/**
 * SPEC §2 the offer's own fields: offer number, the estimate of its articles as a reference, price,
 * delivery condition and desired delivery date (each with the enquiry's value beside it), the supplier's
 * additional information.
 */
export function OfferFieldsSection({
  control,
  offer,
  readOnly,
}: {
  control: OfferFormControl;
  offer: OfferResponse;
  readOnly: boolean;
}) {
  const t = useOfferT();
  const [price, deliveryCondition, desiredDeliveryDate] = useWatch({
    control,
    name: ['price', 'deliveryCondition', 'desiredDeliveryDate'],
  });
  const original = offer.enquiryOriginal;
  const estimate = offer.estimatedPrice;
  const forRelease = !readOnly;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('fields.title')}>
      <Title order={2} size="h3" mb={4}>
        {t('fields.title')}
      </Title>
      {!readOnly && (
        <Text size="sm" c="dimmed" mb="sm">
          {t('fields.requiredHint')}
        </Text>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TextField
            control={control}
            name="offerNumber"
            label={t('fields.offerNumber')}
            required={forRelease}
            maxLength={100}
            {...readOnlyInput(readOnly)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TextInput
            label={t('fields.estimatedPrice')}
            value={
              estimate
                ? t('fields.estimatedRange', {
                    low: formatPrice(estimate.low),
                    high: formatPrice(estimate.high),
                  })
                : t('fields.estimatedNone')
            }
            {...readOnlyInput(true)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <NumberField
            control={control}
            name="price"
            label={t('fields.price')}
            required={forRelease}
            min={0}
            step={0.01}
            decimalScale={2}
            suffix=" €"
            hideControls={readOnly}
            {...readOnlyInput(readOnly)}
          />
          <EnquiryValueNote
            value={formatPrice(original.price)}
            changed={original.price !== null && cents(price) !== cents(original.price)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <SelectField
            control={control}
            name="deliveryCondition"
            label={t('fields.deliveryCondition')}
            data={DELIVERY_OPTIONS}
            required={forRelease}
            allowDeselect
            placeholder={t('fields.deliveryConditionPlaceholder')}
            {...readOnlySelect(readOnly)}
          />
          <EnquiryValueNote
            value={original.deliveryCondition ? DELIVERY_CONDITION_LABELS[original.deliveryCondition] : '–'}
            changed={(deliveryCondition ?? null) !== original.deliveryCondition}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <DateField
            control={control}
            name="desiredDeliveryDate"
            label={t('fields.desiredDeliveryDate')}
            required={forRelease}
            {...readOnlyInput(readOnly)}
          />
          <EnquiryValueNote
            value={formatDate(original.desiredDeliveryDate)}
            changed={(desiredDeliveryDate || null) !== original.desiredDeliveryDate}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <DateField
            control={control}
            name="validUntil"
            label={t('fields.validUntil')}
            description={readOnly ? undefined : t('fields.validUntilHint')}
            {...readOnlyInput(readOnly)}
          />
          {offer.expired && (
            <Text size="sm" c="red.9" mt={4}>
              {t('fields.expired')}
            </Text>
          )}
        </Grid.Col>
        <Grid.Col span={12}>
          <TextareaField
            control={control}
            name="additionalInfoSupplier"
            label={t('fields.additionalInfoSupplier')}
            autosize
            minRows={3}
            maxRows={10}
            maxLength={5000}
            {...readOnlyInput(readOnly)}
          />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
