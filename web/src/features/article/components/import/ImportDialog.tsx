import { Alert, Anchor, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import {
  ARTICLE_IMPORT_EXTENSIONS,
  CATALOG_IMPORT_EXTENSIONS,
  isCatalogImportFile,
  MAX_UPLOAD_BYTES,
} from '@portal/domain/rules/file-type';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FileDropzone } from '../../../../components/FileDropzone';
import { ApiError } from '../../../../lib/api-client';
import { formatFileSize } from '../../../../lib/format';
import { notify, notifySuccess } from '../../../../lib/notify';
import { useImportConfigChoices } from '../../api/import-configs';
import { useImportPreview } from '../../api/import-preview';
import { useStartImport } from '../../api/import-start';
import { useImportStatus } from '../../api/import-status';
import { ImportPreviewPanel, ImportPreviewState } from './ImportPreviewPanel';
import { ImportProgress } from './ImportProgress';
import { ImportRunHistory } from './ImportRunHistory';

const ACCEPT = [...ARTICLE_IMPORT_EXTENSIONS, ...CATALOG_IMPORT_EXTENSIONS].map(
  (extension) => `.${extension}`,
);

/** SPEC §8 import errors: 409 already running, 417 wrong format (the server names what), 424 upload failed. */
export function importErrorMessage(error: unknown, t: (key: string) => string): string {
  if (!(error instanceof ApiError)) return t('errors.default');
  if (error.status === 409) return t('errors.409');
  if (error.status === 417) return error.message || t('errors.417');
  if (error.status === 424) return t('errors.424');
  return error.message || t('errors.default');
}

export interface ImportDialogProps {
  opened: boolean;
  onClose(): void;
}

/**
 * SPEC §2 import dialog: choose a configuration, drop a file (.xls, .xlsx, .csv, .txt), start; a catalog of
 * the trade (BMEcat .xml/.zip, DATANORM .001/.dat, its group files .rab/.wrg) needs no configuration: its
 * format says the fields; one may be chosen for the manufacturer and wholesaler a DATANORM file leaves out. The file is
 * read with visible progress and its preview shown right here with the unknown names to resolve, until
 * "Übernehmen" or "Verwerfen". Below it the last import runs with their error reports.
 */
export function ImportDialog({ opened, onClose }: ImportDialogProps) {
  const { t } = useTranslation('import');
  const configs = useImportConfigChoices(opened);
  const start = useStartImport();
  const run = useImportStatus().data?.run ?? null;
  const waiting = run?.state === 'PREVIEW';
  const reading = run?.state === 'QUEUED' || run?.state === 'RUNNING';
  const preview = useImportPreview(opened && waiting);
  const [configId, setConfigId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const choices = (configs.data ?? []).map((config) => ({ value: config.id, label: config.title }));
  const catalog = file !== null && isCatalogImportFile(file.name);

  const handleClose = () => {
    setFile(null);
    setProblem(null);
    onClose();
  };

  const handleStart = () => {
    if (!file) return setProblem(t('run.noFile'));
    if (!configId && !catalog) return setProblem(t('run.noConfig'));
    setProblem(null);
    notify('ARTICLE', 'upload', 'pending');
    start.mutate(
      { importConfigId: configId, file },
      {
        onSuccess: () => {
          // The dialog stays: it shows the reading and then the preview.
          notify('ARTICLE', 'upload', 'success');
          setFile(null);
        },
        onError: (error) => {
          const message = importErrorMessage(error, t as (key: string) => string);
          setProblem(message);
          notify('ARTICLE', 'upload', 'error', message);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={handleClose} title={t('run.dialogTitle')} size={1100}>
      <Stack>
        {waiting && preview.data?.run.id === run.id ? (
          <ImportPreviewPanel
            data={preview.data}
            onDone={(outcome) => {
              if (outcome === 'confirmed') {
                notifySuccess(t('preview.confirmed'));
                handleClose();
              }
            }}
          />
        ) : waiting ? (
          <ImportPreviewState failed={preview.isError} />
        ) : reading && run ? (
          <Stack gap="xs">
            <Text size="sm">{t('preview.reading')}</Text>
            <ImportProgress run={run} canEnd />
          </Stack>
        ) : (
          renderUploadForm()
        )}
        <ImportRunHistory enabled={opened} />
      </Stack>
    </Modal>
  );

  function renderUploadForm() {
    return (
      <>
        {catalog ? (
          <>
            <Alert color="blue" data-testid="import-catalog-note">
              {t('run.catalogNote')}
            </Alert>
            <Select
              label={t('run.catalogConfig')}
              description={t('run.catalogConfigHint')}
              placeholder={t('run.configPlaceholder')}
              data={choices}
              value={configId}
              onChange={setConfigId}
              searchable
              clearable
              data-testid="import-catalog-config-select"
            />
          </>
        ) : configs.isSuccess && choices.length === 0 ? (
          <Alert color="yellow">
            {t('run.noConfigs')}{' '}
            <Anchor component={Link} to="/import/config">
              {t('run.toConfigs')}
            </Anchor>
          </Alert>
        ) : (
          <Select
            label={t('run.config')}
            placeholder={t('run.configPlaceholder')}
            data={choices}
            value={configId}
            onChange={setConfigId}
            searchable
            required
            data-testid="import-config-select"
          />
        )}
        <Text size="sm" fw={500}>
          {t('run.file')}
        </Text>
        <FileDropzone
          accept={ACCEPT}
          maxSize={MAX_UPLOAD_BYTES - 1}
          onFiles={([chosen]) => {
            setFile(chosen ?? null);
            setProblem(null);
          }}
          loading={start.isPending}
        />
        {file && (
          <Text size="sm" data-testid="import-file-name">
            {t('run.chosen', { name: file.name, size: formatFileSize(file.size) })}
          </Text>
        )}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={handleClose}>
            {t('run.cancel')}
          </Button>
          <Button onClick={handleStart} loading={start.isPending} data-testid="import-start">
            {start.isPending ? t('run.uploading') : t('run.start')}
          </Button>
        </Group>
      </>
    );
  }
}
