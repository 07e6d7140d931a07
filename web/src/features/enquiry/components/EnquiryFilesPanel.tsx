import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import type { FileType } from '@portal/domain/enums';
import {
  fileTypesFor,
  MAX_UPLOAD_BYTES,
  proposeFileType,
  UPLOAD_EXTENSIONS,
} from '@portal/domain/rules/file-type';
import type { EnquiryFile } from '@portal/domain/schemas/enquiry';
import { IconDownload, IconFileZip, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmDialog';
import { ActionsHeader } from '../../../components/data-table';
import { FileDropzone } from '../../../components/FileDropzone';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteEnquiryFile } from '../api/delete-enquiry-file';
import { downloadAllEnquiryFiles, downloadEnquiryFile } from '../api/download-enquiry-files';
import { useSetEnquiryFileType } from '../api/set-enquiry-file-type';
import { useUploadEnquiryFile } from '../api/upload-enquiry-file';

const ACCEPT = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`);

interface EnquiryFilesPanelProps {
  /** Undefined for an enquiry not saved yet: files need its id. */
  enquiryId: string | undefined;
  files: EnquiryFile[];
  /** Upload, type change and delete (drafts of the own company); otherwise download only. */
  editable: boolean;
}

/**
 * SPEC §5 files of an enquiry: upload (drop zone, several at once, the type proposed from the name), the file
 * type chosen among those its extension allows, download, delete on drafts, "Alle herunterladen" as one ZIP.
 */
export function EnquiryFilesPanel({ enquiryId, files, editable }: EnquiryFilesPanelProps) {
  const { t } = useTranslation('enquiry');
  const { t: tc } = useTranslation();
  const upload = useUploadEnquiryFile();
  const setType = useSetEnquiryFileType();
  const deleteFile = useDeleteEnquiryFile();
  const [uploading, setUploading] = useState(false);
  const [zipping, setZipping] = useState(false);

  const typeLabel = (type: FileType) => tc(`fileType.${type}`);

  const handleFiles = async (chosen: File[]) => {
    if (!enquiryId) return;
    setUploading(true);
    try {
      // One after the other: each streams to the server, the duplicate names get their prefix in order.
      for (const file of chosen) {
        try {
          await upload.mutateAsync({ enquiryId, file, fileType: proposeFileType(file.name) });
          notifySuccess(t('files.uploaded', { name: file.name }));
        } catch (error) {
          notifyError(t('files.uploadFailed', { name: file.name, reason: (error as Error).message }));
        }
      }
    } finally {
      setUploading(false);
    }
  };

  const handleTypeChange = (file: EnquiryFile, value: string | null) => {
    if (!enquiryId || !value || value === file.fileType) return;
    setType.mutate(
      { enquiryId, fileId: file.id, fileType: value as FileType },
      {
        onSuccess: () => notifySuccess(t('files.typeChanged')),
        onError: (error) => notifyError(error.message),
      },
    );
  };

  const handleDelete = (file: EnquiryFile) => {
    if (!enquiryId) return;
    confirmAction({
      message: t('files.deleteConfirm', { name: file.filename }),
      onConfirm: () =>
        deleteFile.mutate(
          { enquiryId, fileId: file.id },
          {
            onSuccess: () => notifySuccess(t('files.deleted')),
            onError: (error) => notifyError(error.message),
          },
        ),
    });
  };

  const handleDownload = (file: EnquiryFile) => {
    if (!enquiryId) return;
    downloadEnquiryFile(enquiryId, file).catch((error: Error) => notifyError(error.message));
  };

  const handleDownloadAll = async () => {
    if (!enquiryId) return;
    setZipping(true);
    try {
      await downloadAllEnquiryFiles(enquiryId, t('files.zipName'));
    } catch (error) {
      notifyError((error as Error).message);
    } finally {
      setZipping(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('files.title')}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          {t('files.title')}
        </Title>
        {files.length > 0 && (
          <Button
            variant="light"
            leftSection={<IconFileZip size={16} />}
            onClick={handleDownloadAll}
            loading={zipping}
          >
            {t('files.downloadAll')}
          </Button>
        )}
      </Group>
      <Stack gap="sm">
        {editable && !enquiryId && <Alert color="gray">{t('files.saveFirst')}</Alert>}
        {editable && enquiryId && (
          <>
            <Text size="sm" c="dimmed">
              {t('files.required')}
            </Text>
            <FileDropzone
              accept={ACCEPT}
              maxSize={MAX_UPLOAD_BYTES - 1}
              multiple
              onFiles={(chosen) => void handleFiles(chosen)}
              loading={uploading}
              label={t('files.dropzone')}
            />
          </>
        )}
        {files.length === 0 ? (
          enquiryId && (
            <Text size="sm" c="dimmed">
              {t('files.empty')}
            </Text>
          )
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="xs" aria-label={t('files.title')}>
              <Table.Thead>
                <Table.Tr>
                  {/* Phones: the name keeps a readable width, the box scrolls sideways (no letter-by-letter wrap). */}
                  <Table.Th miw={180}>{t('files.name')}</Table.Th>
                  <Table.Th w={220}>{t('files.type')}</Table.Th>
                  <Table.Th w={90}>{t('files.size')}</Table.Th>
                  <Table.Th w={150} visibleFrom="sm">
                    {t('files.date')}
                  </Table.Th>
                  <ActionsHeader w={80} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {files.map((file) => {
                  const types = fileTypesFor(file.filename);
                  return (
                    <Table.Tr key={file.id} data-testid="enquiry-file">
                      <Table.Td style={{ wordBreak: 'break-word' }}>{file.filename}</Table.Td>
                      <Table.Td>
                        {editable && types.length > 1 ? (
                          <Select
                            size="xs"
                            aria-label={t('files.type')}
                            data={types.map((type) => ({ value: type, label: typeLabel(type) }))}
                            value={file.fileType}
                            allowDeselect={false}
                            onChange={(value) => handleTypeChange(file, value)}
                          />
                        ) : (
                          typeLabel(file.fileType)
                        )}
                      </Table.Td>
                      <Table.Td>{formatFileSize(file.size)}</Table.Td>
                      <Table.Td visibleFrom="sm">{formatDateTime(file.createDate)}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <Tooltip label={t('files.download')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={`${t('files.download')}: ${file.filename}`}
                              onClick={() => handleDownload(file)}
                            >
                              <IconDownload size={16} />
                            </ActionIcon>
                          </Tooltip>
                          {editable && (
                            <Tooltip label={t('files.delete')}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={`${t('files.delete')}: ${file.filename}`}
                                onClick={() => handleDelete(file)}
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
