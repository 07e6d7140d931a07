import { Alert, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FileDropzone } from '../../../components/FileDropzone';
import { notifySuccess } from '../../../lib/notify';
import { useImportFieldValues } from '../api/import-field-values';

/** Field-value CSV files are small tables (the server refuses more than 10 MB). */
const MAX_CSV_SIZE = 10 * 1024 * 1024;

/** SPEC §5 CSV import: one .csv file in the export's format; the first bad row and column is shown. */
export function CsvImportDialog({
  base,
  opened,
  onClose,
}: {
  base: string;
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('fieldvalues');
  const upload = useImportFieldValues(base);

  const handleFiles = (files: File[]) => {
    const [file] = files;
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (result) => {
        notifySuccess(t('csv.imported', result));
        onClose();
      },
    });
  };

  const close = () => {
    upload.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('csv.importTitle')} centered size="lg">
      <Stack>
        <Text size="sm">{t('csv.importText')}</Text>
        <FileDropzone
          accept={['.csv']}
          maxSize={MAX_CSV_SIZE}
          onFiles={handleFiles}
          loading={upload.isPending}
        />
        {upload.isError && (
          <Alert
            color="red"
            title={t('csv.failed')}
            data-testid="csv-import-error"
            style={{ overflowWrap: 'anywhere' }}
          >
            {upload.error.message}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
