import { Badge, Group, Text } from '@mantine/core';
import { useOfferT } from '../offer-i18n';

/** The enquiry's original value under an offer field, with the marker "Geändert" where the offer differs. */
export function EnquiryValueNote({ value, changed }: { value: string; changed: boolean }) {
  const t = useOfferT();
  return (
    <Group gap={6} mt={4} wrap="nowrap" data-testid="enquiry-value" data-changed={changed || undefined}>
      <Text size="xs" c="dimmed">
        {t('fields.inEnquiry', { value })}
      </Text>
      {changed && (
        <Badge size="xs" color="orange" variant="filled">
          {t('fields.changed')}
        </Badge>
      )}
    </Group>
  );
}
