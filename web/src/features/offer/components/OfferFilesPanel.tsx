import {
  ActionIcon,
  Badge,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { FileType } from '@portal/domain/enums';
import { offerFileFixedReason } from '@portal/domain/rules/offer-documents';
import type { OfferResponse } from '@portal/domain/schemas/offer';
import { IconDownload, IconLock, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmDialog';
import { ActionsHeader } from '../../../components/data-table';
import { formatDateTime, formatFileSize } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteOfferFile } from '../api/delete-offer-file';
import { downloadOfferEnquiryFile, downloadOfferFile } from '../api/download-offer-file';
import { useOfferT } from '../offer-i18n';
import { OfferFileUpload } from './OfferFileUpload';

interface FileRow {
  id: string;
  filename: string;
  fileType: string;
  size: number;
  createDate?: string;
  uploadedBy?: 'SUPPLIER' | 'CUSTOMER';
}

/** A signed document (SPEC §4): a lock with "verbindlich" where the delete button would be, and why. */
function FixedMark({ reason }: { reason: string }) {
  const t = useOfferT();
  return (
    <Tooltip label={reason} multiline w={300}>
      <Badge
        variant="light"
        color="gray"
        leftSection={<IconLock size={12} aria-hidden />}
        style={{ flexShrink: 0, overflow: 'visible' }}
        data-testid="offer-file-fixed"
      >
        {t('files.fixed')}
        <VisuallyHidden>{reason}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}

function FilesTable({
  label,
  files,
  onDownload,
  onDelete,
  canDelete = () => true,
  fixedReason = () => null,
}: {
  label: string;
  files: FileRow[];
  onDownload(file: FileRow): void;
  /** Offered only for the files `canDelete` allows, never for a fixed one. */
  onDelete?(file: FileRow): void;
  canDelete?(file: FileRow): boolean;
  /** Why a file can no longer be deleted or replaced by anyone, or null. */
  fixedReason?(file: FileRow): string | null;
}) {
  const t = useOfferT();
  const { t: tc } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={180}>{t('files.name')}</Table.Th>
            <Table.Th w={200}>{t('files.type')}</Table.Th>
            {files.some((file) => file.uploadedBy) && <Table.Th w={100}>{t('files.by')}</Table.Th>}
            <Table.Th w={90}>{t('files.size')}</Table.Th>
            {/* Room for download and either delete or the "verbindlich" mark of a signed document. */}
            <ActionsHeader w={150} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => {
            const fixed = fixedReason(file);
            return (
              <Table.Tr key={file.id}>
                <Table.Td style={{ wordBreak: 'break-word' }}>
                  {file.filename}
                  {file.createDate && (
                    <Text size="xs" c="dimmed">
                      {formatDateTime(file.createDate)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{tc(`fileType.${file.fileType}` as 'fileType.UNKNOWN')}</Table.Td>
                {file.uploadedBy && <Table.Td>{t(`files.by${file.uploadedBy}`)}</Table.Td>}
                <Table.Td>{formatFileSize(file.size)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Tooltip label={t('files.download')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${t('files.download')}: ${file.filename}`}
                        onClick={() => onDownload(file)}
                      >
                        <IconDownload size={16} />
                      </ActionIcon>
                    </Tooltip>
                    {fixed && <FixedMark reason={fixed} />}
                    {!fixed && onDelete && canDelete(file) && (
                      <Tooltip label={t('files.delete')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`${t('files.delete')}: ${file.filename}`}
                          onClick={() => onDelete(file)}
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
  );
}

/**
 * SPEC §2/§5 files of an offer (upload with the type, download, delete while the offer may be changed) and,
 * below, the enquiry's files to download. The signed documents of the offer's state (SPEC §4: the offer
 * file once released, the order once accepted, the order confirmation once confirmed) show a lock instead.
 */
export function OfferFilesPanel({ offer }: { offer: OfferResponse }) {
  const t = useOfferT();
  const deleteFile = useDeleteOfferFile();
  const canUpload = offer.abilities.uploadFiles;
  const role = offer.abilities.role;

  const download = (run: () => Promise<void>) => run().catch((error: Error) => notifyError(error.message));
  const handleDelete = (file: FileRow) =>
    confirmAction({
      message: t('files.deleteConfirm', { name: file.filename }),
      onConfirm: () =>
        deleteFile.mutate(
          { offerId: offer.id, fileId: file.id },
          {
            onSuccess: () => notifySuccess(t('files.deleted')),
            onError: (error) => notifyError(error.message),
          },
        ),
    });

  return (
    <Stack>
      <Paper withBorder p="md" radius="md" component="section" aria-label={t('files.title')}>
        <Title order={2} size="h3" mb="sm">
          {t('files.title')}
        </Title>
        <Stack gap="sm">
          {offer.abilities.edit && (
            <Text size="sm" c="dimmed">
              {t('files.required')}
            </Text>
          )}
          {canUpload && <OfferFileUpload offerId={offer.id} documents={offer} />}
          {offer.files.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('files.empty')}
            </Text>
          ) : (
            <FilesTable
              label={t('files.title')}
              files={offer.files}
              onDownload={(file) => download(() => downloadOfferFile(offer.id, file))}
              onDelete={canUpload ? handleDelete : undefined}
              canDelete={(file) => file.uploadedBy === role}
              fixedReason={(file) => offerFileFixedReason(offer, file.fileType as FileType)}
            />
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-label={t('files.enquiryTitle')}>
        <Title order={2} size="h3" mb="sm">
          {t('files.enquiryTitle')}
        </Title>
        {offer.enquiryFiles.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('files.enquiryEmpty')}
          </Text>
        ) : (
          <FilesTable
            label={t('files.enquiryTitle')}
            files={offer.enquiryFiles}
            onDownload={(file) => download(() => downloadOfferEnquiryFile(offer.id, file))}
          />
        )}
      </Paper>
    </Stack>
  );
}
