import { Modal, Stack, Table, Text } from '@mantine/core';
import type { OfferComparisonResponse } from '@portal/domain/schemas/offer';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatNumber, formatPrice } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAwardSplit } from '../api/award-offer';
import { useUploadOfferFile } from '../api/upload-offer-file';
import { useOfferT } from '../offer-i18n';
import { OrderPdfStep } from './OrderPdfStep';
import type { SplitChoice } from './use-split-choice';

/** The order could not be uploaded: nothing was awarded. */
class OrderUploadError extends Error {}

interface OfferSplitDialogProps {
  comparison: OfferComparisonResponse;
  split: SplitChoice;
  onClose(): void;
}

/**
 * The award of the split: what each supplier gets (lines, sum without work), the customer's order PDF, which is
 * uploaded to every chosen offer (fileType ORDER, as a whole acceptance needs it), then POST /offer/award; the
 * orders open in the order list.
 */
export function OfferSplitDialog({ comparison, split, onClose }: OfferSplitDialogProps) {
  const t = useOfferT();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadOfferFile();
  const awardSplit = useAwardSplit();
  const parts = split.parts();
  const award = useMutation({
    mutationFn: async (order: File) => {
      try {
        for (const part of parts)
          await upload.mutateAsync({ offerId: part.offerId, file: order, fileType: 'ORDER' });
      } catch (error) {
        throw new OrderUploadError((error as Error).message);
      }
      return awardSplit.mutateAsync({ enquiryId: comparison.enquiry.id, parts });
    },
  });
  const nameOf = (offerId: string) =>
    comparison.offers.find((offer) => offer.id === offerId)?.supplierName ?? '';

  const handleAward = () => {
    if (!file) return;
    award.mutate(file, {
      onSuccess: ({ orders, goTo }) => {
        notifySuccess(
          t('compare.splitDone', { orders: orders.map((order) => order.offerNumber).join(', ') }),
        );
        onClose();
        navigate(goTo);
      },
      onError: (error) =>
        notifyError(
          t(error instanceof OrderUploadError ? 'compare.uploadFailed' : 'compare.splitFailed', {
            reason: error.message,
          }),
        ),
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('compare.splitDialogTitle')} size="lg">
      <Stack>
        <Text size="sm">{t('compare.splitDialogText', { amount: comparison.enquiry.amount })}</Text>
        <Table aria-label={t('compare.splitShares')} withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('compare.splitSupplier')}</Table.Th>
              <Table.Th scope="col">{t('compare.splitLines')}</Table.Th>
              <Table.Th scope="col">{t('compare.splitSum')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {split.shares.map((share) => (
              <Table.Tr key={share.offerId}>
                <Table.Th scope="row">{nameOf(share.offerId)}</Table.Th>
                <Table.Td>{formatNumber(share.lineCount, 0)}</Table.Td>
                <Table.Td>{formatPrice(share.materialTotal * comparison.enquiry.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <OrderPdfStep
          file={file}
          onFile={setFile}
          busy={award.isPending}
          confirmLabel={t('compare.splitConfirm')}
          onConfirm={handleAward}
          onCancel={onClose}
        />
      </Stack>
    </Modal>
  );
}
