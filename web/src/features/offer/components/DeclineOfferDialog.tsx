import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { CUSTOMER_REJECTION_REASONS } from '@portal/domain/enums';
import { declineOfferBody, REJECTION_REASON_LABELS } from '@portal/domain/schemas/offer';
import { useState } from 'react';
import { useOfferT } from '../offer-i18n';

/** The reasons a customer chooses; "Auftrag anderweitig vergeben" is the portal's own. */
type RejectionReason = (typeof CUSTOMER_REJECTION_REASONS)[number];

const REASON_OPTIONS = CUSTOMER_REJECTION_REASONS.map((value) => ({
  value,
  label: REJECTION_REASON_LABELS[value],
}));

export interface DeclineValues {
  rejectionReason: RejectionReason;
  rejectionReasonIndividual: string | null;
}

/**
 * SPEC §4 the customer's decline: a rejection reason is required, its free text when "Anderer Grund"
 * (checked by the API's own schema, with its messages).
 */
export function DeclineOfferDialog({
  opened,
  offerId,
  loading,
  onClose,
  onDecline,
}: {
  opened: boolean;
  offerId: string;
  loading?: boolean;
  onClose(): void;
  onDecline(values: DeclineValues): void;
}) {
  const t = useOfferT();
  const [reason, setReason] = useState<RejectionReason | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const handleDecline = () => {
    const parsed = declineOfferBody.safeParse({
      offerId,
      rejectionReason: reason ?? undefined,
      rejectionReasonIndividual: text,
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    onDecline({
      rejectionReason: parsed.data.rejectionReason,
      rejectionReasonIndividual: parsed.data.rejectionReasonIndividual,
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('dialog.declineTitle')} centered>
      <Stack>
        <Select
          label={t('dialog.declineReason')}
          placeholder={t('dialog.declineReasonPlaceholder')}
          data={REASON_OPTIONS}
          value={reason}
          onChange={(value) => setReason(value as RejectionReason | null)}
          required
          error={errors.rejectionReason}
          comboboxProps={{ withinPortal: true }}
        />
        {reason === 'INDIVIDUAL' && (
          <Textarea
            label={t('dialog.declineText')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            required
            autosize
            minRows={3}
            maxLength={1000}
            error={errors.rejectionReasonIndividual}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button color="red" onClick={handleDecline} loading={loading}>
            {t('dialog.declineConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
