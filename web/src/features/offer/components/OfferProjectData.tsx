import { Grid, Paper, Textarea, TextInput, Title } from '@mantine/core';
import type { OfferResponse } from '@portal/domain/schemas/offer';
import { readOnlyInput } from '../../../components/form';
import { formatNumber } from '../../../lib/format';
import { useOfferT } from '../offer-i18n';

/** SPEC §2 project data of an offer: what the enquiry said, read-only for both sides. */
export function OfferProjectData({ offer }: { offer: OfferResponse }) {
  const t = useOfferT();
  const field = (label: string, value: string | null, span: number) => (
    <Grid.Col span={{ base: 12, md: span }}>
      <TextInput label={label} value={value ?? ''} {...readOnlyInput(true)} />
    </Grid.Col>
  );
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('project.title')}>
      <Title order={2} size="h3" mb="sm">
        {t('project.title')}
      </Title>
      <Grid>
        {field(t('project.enquiryTitle'), offer.enquiryTitle, 8)}
        {field(t('project.referenceNumber'), offer.referenceNumber, 4)}
        {field(t('project.customer'), offer.customerName, 6)}
        {field(t('project.supplier'), offer.supplierName, 6)}
        {field(t('project.amount'), formatNumber(offer.amount, 0), 4)}
        {field(t('project.location'), offer.location, 8)}
        <Grid.Col span={12}>
          <Textarea
            label={t('project.additionalInfo')}
            value={offer.additionalInfo ?? ''}
            autosize
            minRows={2}
            maxRows={10}
            {...readOnlyInput(true)}
          />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
