import { Button, Group, Text } from '@mantine/core';
import { MAX_UPLOAD_BYTES } from '@portal/domain/rules/file-type';
import { FileDropzone } from '../../../components/FileDropzone';
import { useOfferT } from '../offer-i18n';

interface OrderPdfStepProps {
  file: File | null;
  onFile(file: File | null): void;
  busy: boolean;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * SPEC §4 accept: the customer's order PDF (fileType ORDER) is chosen before anything is accepted; the
 * confirmation stays disabled until there is one. Shared by the whole and the split award.
 */
export function OrderPdfStep({ file, onFile, busy, confirmLabel, onConfirm, onCancel }: OrderPdfStepProps) {
  const t = useOfferT();
  return (
    <>
      <Text size="sm">{t('dialog.acceptText')}</Text>
      <FileDropzone
        accept={['.pdf']}
        maxSize={MAX_UPLOAD_BYTES - 1}
        onFiles={([chosen]) => onFile(chosen ?? null)}
        label={t('dialog.pdfDropzone')}
        loading={busy}
      />
      {file && (
        <Text size="sm" data-testid="order-file">
          {t('compare.orderFileChosen', { name: file.name })}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('dialog.cancel')}
        </Button>
        <Button color="green" disabled={!file} loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </>
  );
}
