import { Grid, Paper, Text, Title } from '@mantine/core';
import { DELIVERY_CONDITIONS } from '@portal/domain/enums';
import { berlinToday } from '@portal/domain/rules/berlin-date';
import { DELIVERY_CONDITION_LABELS, ENQUIRY_FIELD_LABELS } from '@portal/domain/rules/technical-spec-labels';
import { useTranslation } from 'react-i18next';
import {
  DateField,
  NumberField,
  readOnlyInput,
  readOnlySelect,
  SelectField,
  TextareaField,
  TextField,
} from '../../../components/form';
import type { EnquiryFormControl } from './enquiry-form-values';

const DELIVERY_OPTIONS = DELIVERY_CONDITIONS.map((value) => ({
  value,
  label: DELIVERY_CONDITION_LABELS[value],
}));

/**
 * SPEC §3/§5 project data of an enquiry. The fields SPEC §5 requires are marked: they are asked for at
 * release, a draft saves with a title alone.
 */
export function ProjectDataSection({
  control,
  readOnly,
}: {
  control: EnquiryFormControl;
  readOnly: boolean;
}) {
  const { t } = useTranslation('enquiry');
  const forRelease = !readOnly;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('form.project')}>
      <Title order={2} size="h3" mb={4}>
        {t('form.project')}
      </Title>
      {!readOnly && (
        <Text size="sm" c="dimmed" mb="sm">
          {t('form.requiredHint')}
        </Text>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <TextField
            control={control}
            name="title"
            label={ENQUIRY_FIELD_LABELS.title}
            required={forRelease}
            {...readOnlyInput(readOnly)}
            maxLength={200}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <TextField
            control={control}
            name="referenceNumber"
            label={ENQUIRY_FIELD_LABELS.referenceNumber}
            required={forRelease}
            {...readOnlyInput(readOnly)}
            maxLength={100}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <SelectField
            control={control}
            name="deliveryCondition"
            label={ENQUIRY_FIELD_LABELS.deliveryCondition}
            data={DELIVERY_OPTIONS}
            required={forRelease}
            allowDeselect
            placeholder={t('form.deliveryConditionPlaceholder')}
            {...readOnlySelect(readOnly)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <DateField
            control={control}
            name="desiredDeliveryDate"
            label={ENQUIRY_FIELD_LABELS.desiredDeliveryDate}
            required={forRelease}
            {...readOnlyInput(readOnly)}
            pickAfter={berlinToday()}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <NumberField
            control={control}
            name="amount"
            label={ENQUIRY_FIELD_LABELS.amount}
            required={forRelease}
            {...readOnlyInput(readOnly)}
            min={1}
            step={1}
            decimalScale={0}
            hideControls={readOnly}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 2 }}>
          <NumberField
            control={control}
            name="price"
            label={ENQUIRY_FIELD_LABELS.price}
            min={0}
            decimalScale={2}
            suffix=" €"
            placeholder={t('form.pricePlaceholder')}
            hideControls={readOnly}
            {...readOnlyInput(readOnly)}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextField
            control={control}
            name="location"
            label={ENQUIRY_FIELD_LABELS.location}
            {...readOnlyInput(readOnly)}
            maxLength={200}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextareaField
            control={control}
            name="additionalInfo"
            label={ENQUIRY_FIELD_LABELS.additionalInfo}
            {...readOnlyInput(readOnly)}
            autosize
            minRows={3}
            maxRows={10}
            maxLength={5000}
          />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
