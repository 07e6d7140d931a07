import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { MAX_UPLOAD_BYTES } from '@portal/domain/rules/file-type';
import type { EnquiryBom } from '@portal/domain/schemas/bom';
import { IconColumns3, IconDownload, IconFileSpreadsheet, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmDialog';
import { FileDropzone } from '../../../components/FileDropzone';
import { formatFileSize } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteEnquiryBom } from '../api/delete-enquiry-bom';
import { downloadEnquiryBom } from '../api/download-enquiry-bom';
import { useEnquiryBom } from '../api/get-enquiry-bom';
import { refreshEnquiryBomLines } from '../api/refresh-enquiry-bom';
import { useUploadEnquiryBom } from '../api/upload-enquiry-bom';
import { BomMappingDrawer } from './BomMappingDrawer';
import { EnquiryBomResults } from './EnquiryBomResults';

/** SPEC §2: a BOM is an Excel or CSV file. */
const ACCEPT = ['.xlsx', '.xls', '.csv'];

interface BomPanelProps {
  /** Undefined for an enquiry not saved yet: the BOM needs its id. */
  enquiryId: string | undefined;
  /** Upload, mapping and delete (drafts of the own company, as for the files); otherwise download only. */
  editable: boolean;
}

/**
 * SPEC §2 BOM upload panel: drop zone for .xlsx, .xls, .csv; one file row with "Spalten zuordnen" (side
 * panel), "Neu hochladen", download and delete. A released or foreign enquiry only offers the download.
 * Once mapped, the estimate and the lines (or the summed BOM) follow below the file row.
 */
export function BomPanel({ enquiryId, editable }: BomPanelProps) {
  const { t } = useTranslation('enquiry');
  const queryClient = useQueryClient();
  const bomQuery = useEnquiryBom(enquiryId);
  const upload = useUploadEnquiryBom();
  const deleteBom = useDeleteEnquiryBom();
  const openPicker = useRef<() => void>(null);
  const [mapOpen, setMapOpen] = useState(false);
  const bom = bomQuery.data ?? null;

  const handleFiles = ([file]: File[]) => {
    if (!enquiryId || !file) return;
    upload.mutate(
      { enquiryId, file },
      {
        onSuccess: () => {
          notifySuccess(t('bom.uploaded', { name: file.name }));
          void refreshEnquiryBomLines(queryClient, enquiryId, { info: false });
        },
        onError: (error) => notifyError(t('bom.uploadFailed', { name: file.name, reason: error.message })),
      },
    );
  };

  const handleDelete = (current: EnquiryBom) => {
    confirmAction({
      message: t('bom.deleteConfirm', { name: current.bomFileName }),
      onConfirm: () =>
        deleteBom.mutate(current.enquiryId, {
          onSuccess: () => {
            setMapOpen(false);
            notifySuccess(t('bom.deleted'));
          },
          onError: (error) => notifyError(error.message),
        }),
    });
  };

  const handleDownload = (current: EnquiryBom) => {
    downloadEnquiryBom(current.enquiryId, current.bomFileName).catch((error: Error) =>
      notifyError(error.message),
    );
  };

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-label={t('bom.title')}
      data-testid="bom-panel"
    >
      <Title order={2} size="h3" mb="sm">
        {t('bom.title')}
      </Title>
      <Stack gap="sm">
        {editable && !enquiryId && <Alert color="gray">{t('bom.saveFirst')}</Alert>}
        {editable && enquiryId && (
          <>
            <Text size="sm" c="dimmed">
              {t('bom.intro')}
            </Text>
            <FileDropzone
              accept={ACCEPT}
              maxSize={MAX_UPLOAD_BYTES - 1}
              onFiles={handleFiles}
              loading={upload.isPending}
              openRef={openPicker}
              label={bom ? t('bom.dropzoneReplace') : t('bom.dropzone')}
            />
          </>
        )}
        {enquiryId && bomQuery.isPending && <Loader size="sm" aria-label={t('bom.title')} />}
        {enquiryId && bomQuery.isError && <Alert color="red">{bomQuery.error.message}</Alert>}
        {enquiryId && bomQuery.isSuccess && !bom && (
          <Text size="sm" c="dimmed" data-testid="bom-empty">
            {editable ? t('bom.empty') : t('bom.emptyReadOnly')}
          </Text>
        )}
        {bom && (
          <BomFileRow
            bom={bom}
            editable={editable}
            onMap={() => setMapOpen(true)}
            onReupload={() => openPicker.current?.()}
            onDownload={() => handleDownload(bom)}
            onDelete={() => handleDelete(bom)}
          />
        )}
        {bom?.lineCounts && <EnquiryBomResults bom={bom} editable={editable} />}
      </Stack>
      {bom && editable && <BomMappingDrawer bom={bom} opened={mapOpen} onClose={() => setMapOpen(false)} />}
    </Paper>
  );
}

interface BomFileRowProps {
  bom: EnquiryBom;
  editable: boolean;
  onMap(): void;
  onReupload(): void;
  onDownload(): void;
  onDelete(): void;
}

/** The BOM's file row; wraps on phones instead of scrolling sideways. */
function BomFileRow({ bom, editable, onMap, onReupload, onDownload, onDelete }: BomFileRowProps) {
  const { t } = useTranslation('enquiry');
  const mapped = bom.fieldMapping !== null;
  const action = (label: string) => `${label}: ${bom.bomFileName}`;
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="bom-file">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 240px' }}>
          <IconFileSpreadsheet size={28} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="bom-file-name">
              {bom.bomFileName}
            </Text>
            <Text size="sm" c="dimmed" data-testid="bom-header-row">
              {formatFileSize(bom.size)} ·{' '}
              {mapped
                ? t('bom.headerRow', { row: bom.headerRowIndex })
                : t('bom.headerRowProposed', { row: bom.headerRowIndex })}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs" wrap="wrap">
          {editable && (
            <Badge
              color={mapped ? 'green' : 'yellow'}
              variant="light"
              style={{ flexShrink: 0 }}
              data-testid="bom-mapping-state"
            >
              {mapped ? t('bom.mapped') : t('bom.unmapped')}
            </Badge>
          )}
          {editable && (
            <Button
              size="xs"
              variant={mapped ? 'light' : 'filled'}
              leftSection={<IconColumns3 size={16} />}
              aria-label={action(t('bom.map'))}
              onClick={onMap}
            >
              {t('bom.map')}
            </Button>
          )}
          {editable && (
            <Tooltip label={t('bom.reupload')}>
              <ActionIcon variant="subtle" aria-label={action(t('bom.reupload'))} onClick={onReupload}>
                <IconUpload size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t('bom.download')}>
            <ActionIcon variant="subtle" aria-label={action(t('bom.download'))} onClick={onDownload}>
              <IconDownload size={18} />
            </ActionIcon>
          </Tooltip>
          {editable && (
            <Tooltip label={t('bom.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={action(t('bom.delete'))}
                onClick={onDelete}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
