import { Button } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useExportFieldValues } from '../api/export-field-values';
import { CsvImportDialog } from './CsvImportDialog';

/** CSV export and import of a field-value kind (SPEC §2: discount groups and E-Class). */
export function CsvButtons({
  base,
  exportLabel,
  importLabel,
}: {
  base: string;
  exportLabel: string;
  importLabel: string;
}) {
  const { t } = useTranslation('fieldvalues');
  const [importOpen, setImportOpen] = useState(false);
  const download = useExportFieldValues(base);
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconDownload size={16} />}
        loading={download.isPending}
        onClick={() =>
          download.mutate(undefined, {
            onSuccess: (name) => notifySuccess(t('csv.exported', { name })),
            onError: (error) => notifyError(error.message),
          })
        }
      >
        {exportLabel}
      </Button>
      <Button variant="light" leftSection={<IconUpload size={16} />} onClick={() => setImportOpen(true)}>
        {importLabel}
      </Button>
      <CsvImportDialog base={base} opened={importOpen} onClose={() => setImportOpen(false)} />
    </>
  );
}
