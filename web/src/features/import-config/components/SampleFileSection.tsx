import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { ARTICLE_IMPORT_EXTENSIONS, MAX_UPLOAD_BYTES } from '@portal/domain/rules/file-type';
import { HEADER_ROW_MESSAGE, type ImportHeaderResponse } from '@portal/domain/schemas/import-config';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropzone } from '../../../components/FileDropzone';
import { notifyError, notifyWarning } from '../../../lib/notify';
import { useReadSampleHeaders } from '../api/read-sample-headers';

const ACCEPT = ARTICLE_IMPORT_EXTENSIONS.map((extension) => `.${extension}`);

export interface SampleFileSectionProps {
  filename: string | null;
  samplePath: string | null;
  headerRowIndex: number;
  headerCount: number;
  /** The row comes from a saved configuration: a new sample is read at it instead of proposing one. */
  rowFromConfig: boolean;
  onHeaderRowIndexChange(index: number): void;
  onHeaders(result: ImportHeaderResponse): void;
  error?: string;
  /** The form's error of the header row (SPEC §5: a whole number >= 1). */
  rowError?: string;
}

/** SPEC §2/§5 sample upload: the file, the header row (whole number >= 1) and the headers read from it. */
export function SampleFileSection(props: SampleFileSectionProps) {
  const { t } = useTranslation('import');
  const read = useReadSampleHeaders();
  const [rowText, setRowText] = useState<string | number>(props.headerRowIndex);
  const [rowProblem, setRowProblem] = useState<string | null>(null);
  // Until the person types a row, a new sample's header row is proposed by the server.
  const [rowTouched, setRowTouched] = useState(false);
  const [proposed, setProposed] = useState<{ row: number; mapped: number } | null>(null);
  // A loaded configuration (or a successful read) sets the row shown; an emptied field stays empty.
  useEffect(() => {
    if (Number.isFinite(props.headerRowIndex)) setRowText(props.headerRowIndex);
  }, [props.headerRowIndex]);

  const validRow = (): number | null => {
    const row = typeof rowText === 'number' ? rowText : Number(rowText);
    if (!Number.isInteger(row) || row < 1) {
      setRowProblem(HEADER_ROW_MESSAGE);
      return null;
    }
    setRowProblem(null);
    return row;
  };

  const load = (source: { file?: File; samplePath?: string }) => {
    const propose = source.file !== undefined && !rowTouched && !props.rowFromConfig;
    const headerRowIndex = propose ? undefined : validRow();
    if (headerRowIndex === null) return;
    if (propose) setRowProblem(null);
    read.mutate(
      { ...source, headerRowIndex },
      {
        onSuccess: (result) => {
          if (result.headers.length === 0) notifyWarning(t('config.noHeadersFound'));
          setProposed(
            result.headerRowProposed
              ? { row: result.headerRowIndex, mapped: result.proposal.fieldMapping.length }
              : null,
          );
          props.onHeaderRowIndexChange(result.headerRowIndex);
          props.onHeaders(result);
        },
        onError: (error) => notifyError(error.message || t('config.headerIndexChangeFailed')),
      },
    );
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('config.sampleHint')}
      </Text>
      <FileDropzone
        accept={ACCEPT}
        maxSize={MAX_UPLOAD_BYTES - 1}
        loading={read.isPending}
        onFiles={([file]) => file && load({ file })}
      />
      <Text size="sm" data-testid="sample-file-name">
        {props.filename ? t('config.sampleFile', { name: props.filename }) : t('config.noSample')}
      </Text>
      <Group align="end">
        <NumberInput
          label={t('config.headerRowIndex')}
          required
          min={1}
          step={1}
          // SPEC §5: a row below 1 is refused with its message, never quietly raised to 1.
          clampBehavior="none"
          allowDecimal={false}
          value={rowText}
          onChange={(value) => {
            setRowText(value);
            setRowTouched(true);
            setRowProblem(null);
            props.onHeaderRowIndexChange(value === '' ? Number.NaN : Number(value));
          }}
          error={rowProblem ?? props.rowError}
          w={220}
          data-testid="header-row-index"
        />
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} />}
          disabled={!props.samplePath}
          loading={read.isPending}
          onClick={() => props.samplePath && load({ samplePath: props.samplePath })}
        >
          {t('config.readHeaders')}
        </Button>
      </Group>
      {props.samplePath && props.headerCount > 0 && (
        <Text size="sm" c="green" data-testid="headers-found">
          {t('config.headersRead', { count: props.headerCount })}
        </Text>
      )}
      {props.samplePath && proposed && props.headerCount > 0 && (
        <Text size="sm" c="dimmed" data-testid="header-row-proposed">
          {t('config.headerRowProposed', { row: proposed.row, count: proposed.mapped })}
        </Text>
      )}
      {props.samplePath && props.headerCount === 0 && (
        <Alert color="yellow">{t('config.noHeadersFound')}</Alert>
      )}
      {props.error && (
        <Text size="sm" c="red" role="alert">
          {props.error}
        </Text>
      )}
    </Stack>
  );
}
