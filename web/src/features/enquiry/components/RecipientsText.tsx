import { Text } from '@mantine/core';
import type { EnquiryResponse } from '@portal/domain/schemas/enquiry';
import { useTranslation } from 'react-i18next';

/** The recipients of a released enquiry as the customer sees them. */
export function RecipientsText({ enquiry }: { enquiry: EnquiryResponse }) {
  const { t } = useTranslation('enquiry');
  if (!enquiry.recipients || !enquiry.released) return null;
  const names =
    enquiry.recipients.mode === 'ALL'
      ? t('form.recipientsAll')
      : enquiry.recipients.suppliers.map((supplier) => supplier.name).join(', ');
  return (
    <Text size="sm" c="dimmed" data-testid="enquiry-recipients">
      {t('form.recipients')}: {names}
    </Text>
  );
}
