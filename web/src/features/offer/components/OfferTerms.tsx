import { List, Paper, Title } from '@mantine/core';
import { offerTerms, useOfferT } from '../offer-i18n';

/** SPEC §4/§9 job conditions, shown on every offer, order and job. */
export function OfferTerms() {
  const t = useOfferT();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('terms.title')}>
      <Title order={2} size="h3" mb="sm">
        {t('terms.title')}
      </Title>
      <List size="sm" spacing={4}>
        {offerTerms().map((term) => (
          <List.Item key={term}>{term}</List.Item>
        ))}
      </List>
    </Paper>
  );
}
