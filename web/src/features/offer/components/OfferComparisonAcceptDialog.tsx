import { Modal, Stack, Text } from '@mantine/core';
import type { OfferComparisonResponse } from '@portal/domain/schemas/offer';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatPrice } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangeOfferState } from '../api/change-offer-state';
import { useUploadOfferFile } from '../api/upload-offer-file';
import { useOfferT } from '../offer-i18n';
import { OrderPdfStep } from './OrderPdfStep';

type ComparedOffer = OfferComparisonResponse['offers'][number];

/** The order could not be uploaded: the offer was not accepted. */
class OrderUploadError extends Error {}

interface OfferComparisonAcceptDialogProps {
  offer: ComparedOffer;
  onClose(): void;
}

/**
 * SPEC §4 accept from the comparison: the customer's order PDF is uploaded to the offer (fileType ORDER),
 * then the offer is accepted and the order opens (`/order/{id}`).
 */
export function OfferComparisonAcceptDialog({ offer, onClose }: OfferComparisonAcceptDialogProps) {
  const t = useOfferT();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadOfferFile();
  const changeState = useChangeOfferState();
  const accept = useMutation({
    mutationFn: async (order: File) => {
      try {
        await upload.mutateAsync({ offerId: offer.id, file: order, fileType: 'ORDER' });
      } catch (error) {
        throw new OrderUploadError((error as Error).message);
      }
      return changeState.mutateAsync({ offerId: offer.id, state: 'ACCEPTED' });
    },
  });

  const handleAccept = () => {
    if (!file) return;
    accept.mutate(file, {
      onSuccess: ({ offer: accepted }) => {
        notifySuccess(t('compare.accepted'));
        onClose();
        navigate(`/order/${accepted.id}`);
      },
      onError: (error) =>
        notifyError(
          t(error instanceof OrderUploadError ? 'compare.uploadFailed' : 'compare.acceptFailed', {
            reason: error.message,
          }),
        ),
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('dialog.acceptTitle')} size="lg">
      <Stack>
        <Text size="sm" fw={500}>
          {t('compare.acceptOffer', {
            supplier: offer.supplierName,
            version: offer.version,
            price: formatPrice(offer.price),
          })}
        </Text>
        <OrderPdfStep
          file={file}
          onFile={setFile}
          busy={accept.isPending}
          confirmLabel={t('dialog.acceptConfirm')}
          onConfirm={handleAccept}
          onCancel={onClose}
        />
      </Stack>
    </Modal>
  );
}
