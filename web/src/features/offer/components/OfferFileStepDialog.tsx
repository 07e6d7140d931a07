import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { FileType } from '@portal/domain/enums';
import { fileExtension } from '@portal/domain/rules/file-type';
import type { OfferResponse } from '@portal/domain/schemas/offer';
import { useOfferT } from '../offer-i18n';
import { OfferFileUpload } from './OfferFileUpload';

export type OfferFileStep = 'accept' | 'confirm';

/** The PDF each step needs (SPEC §4): the customer's order, the supplier's order confirmation. */
const STEP_FILE: Record<OfferFileStep, { fileType: FileType; onlyOwn: boolean }> = {
  accept: { fileType: 'ORDER', onlyOwn: true },
  confirm: { fileType: 'ORDER_CONFIRMATION', onlyOwn: false },
};

/** The PDF that lets the step go ahead, if the offer has one. */
export function stepFile(offer: OfferResponse, step: OfferFileStep) {
  const { fileType, onlyOwn } = STEP_FILE[step];
  return offer.files.find(
    (file) =>
      file.fileType === fileType &&
      fileExtension(file.filename) === 'pdf' &&
      (!onlyOwn || file.uploadedBy === offer.abilities.role),
  );
}

/**
 * "Annehmen" (customer) and "Bestätigen" (supplier): first the PDF the step needs is uploaded here with its
 * type (order, order confirmation), then the step is confirmed.
 */
export function OfferFileStepDialog({
  step,
  offer,
  loading,
  onClose,
  onConfirm,
}: {
  step: OfferFileStep | null;
  offer: OfferResponse;
  loading?: boolean;
  onClose(): void;
  onConfirm(step: OfferFileStep): void;
}) {
  const t = useOfferT();
  const present = step ? stepFile(offer, step) : undefined;
  return (
    <Modal
      opened={step !== null}
      onClose={onClose}
      title={step === 'confirm' ? t('dialog.confirmTitle') : t('dialog.acceptTitle')}
      centered
      size="lg"
    >
      {step && (
        <Stack>
          <Text size="sm">{step === 'confirm' ? t('dialog.confirmText') : t('dialog.acceptText')}</Text>
          {present ? (
            <Alert color="green" data-testid="step-file-present">
              {t(step === 'confirm' ? 'dialog.confirmHasFile' : 'dialog.acceptHasFile', {
                name: present.filename,
              })}
            </Alert>
          ) : (
            <OfferFileUpload
              offerId={offer.id}
              fileType={STEP_FILE[step].fileType}
              label={t('dialog.pdfDropzone')}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('dialog.cancel')}
            </Button>
            <Button
              color={step === 'confirm' ? 'blue' : 'green'}
              disabled={!present}
              loading={loading}
              onClick={() => onConfirm(step)}
            >
              {step === 'confirm' ? t('dialog.confirmConfirm') : t('dialog.acceptConfirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
