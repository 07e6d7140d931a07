import { Button, Group, Stack } from '@mantine/core';
import { MAX_UPLOAD_BYTES } from '@portal/domain/rules/file-type';
import type { FolderItem, FolderResponse } from '@portal/domain/schemas/business-data';
import { IconDownload, IconEye, IconLink, IconTrash, IconUpload } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { confirmAction } from '../../../components/ConfirmDialog';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/data-table';
import { FileDropzone } from '../../../components/FileDropzone';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify';
import { useDeleteFolderFiles } from '../api/delete-folder-files';
import { folderDownloadUrl, folderFileUrl, folderProjectLink, startDownload } from '../api/folder-urls';
import { useUploadFolderFile } from '../api/upload-folder-file';
import { useFolderT } from '../business-data-i18n';

/** pdf.js is big: it is fetched only when a PDF is opened (ARCHITECTURE §7). */
const FolderPdfViewer = lazy(() => import('./FolderPdfViewer'));

const isPdf = (item: FolderItem) => item.filename.toLowerCase().endsWith('.pdf');

/**
 * SPEC §2 project folder, view "Ordner": the files with download counter and last change; selected files
 * are downloaded (one file, or a ZIP of several) or deleted after a Ja/Nein question; upload with write right;
 * a PDF opens in the page.
 */
export function FolderFilesView({ folder }: { folder: FolderResponse }) {
  const t = useFolderT();
  const table = useTableState();
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [viewing, setViewing] = useState<FolderItem | null>(null);
  const openPicker = useRef<() => void>(null);
  const upload = useUploadFolderFile();
  const remove = useDeleteFolderFiles();
  const { folderId, rights } = folder;
  // In the folder's order; files deleted meanwhile (by someone else) drop out of the selection.
  const selected = new Set(selectedIds);
  const chosen = folder.items.map((item) => item.id).filter((id) => selected.has(id));
  const start = (table.page - 1) * table.pageSize;
  const rows = folder.items.slice(start, start + table.pageSize);

  const handleDownload = () => {
    if (chosen.length === 0) return notifyWarning(t('files.selectedEmpty'));
    startDownload(folderDownloadUrl(folderId, chosen));
  };

  const handleDelete = () => {
    if (chosen.length === 0) return notifyWarning(t('files.selectedEmpty'));
    confirmAction({
      message: t('files.deleteConfirm', { count: chosen.length }),
      onConfirm: () =>
        remove.mutate(
          { folderId, itemIds: chosen },
          {
            onSuccess: () => {
              notifySuccess(t('files.deleted', { count: chosen.length }));
              setSelectedIds([]);
            },
            onError: (error) => notifyError(error.message),
          },
        ),
    });
  };

  const handleFiles = (files: File[]) => {
    for (const file of files) {
      upload.mutate(
        { folderId, file },
        {
          onSuccess: () => notifySuccess(t('files.uploaded', { name: file.name })),
          onError: (error) => notifyError(error.message),
        },
      );
    }
  };

  const handleCopyLink = async () => {
    try {
      await navigator.clipboard.writeText(folderProjectLink(folderId));
      notifySuccess(t('files.linkCopied'));
    } catch {
      notifyError(t('files.copyFailed'));
    }
  };

  const columns: DataTableColumn<FolderItem>[] = [
    { key: 'filename', header: t('columns.filename'), render: (row) => row.filename },
    { key: 'downloads', header: t('columns.downloads'), render: (row) => row.downloadCounter },
    { key: 'lastUpdate', header: t('columns.lastUpdate'), render: (row) => formatDateTime(row.lastUpdate) },
    { key: 'uploadedBy', header: t('columns.uploadedBy'), render: (row) => row.uploadedBy },
    {
      key: 'actions',
      header: t('columns.actions'),
      render: (row) =>
        isPdf(row) && rights.read ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconEye size={14} />}
            aria-label={`${t('files.view')}: ${row.filename}`}
            onClick={(event) => {
              event.stopPropagation();
              setViewing(row);
            }}
          >
            {t('files.view')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Stack>
      <Group gap="xs">
        <Button leftSection={<IconDownload size={16} />} onClick={handleDownload}>
          {t('files.download')}
        </Button>
        {rights.write && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            onClick={handleDelete}
            loading={remove.isPending}
          >
            {t('files.delete')}
          </Button>
        )}
        {rights.write && (
          <Button
            variant="light"
            leftSection={<IconUpload size={16} />}
            onClick={() => openPicker.current?.()}
            loading={upload.isPending}
          >
            {t('files.upload')}
          </Button>
        )}
        <Button variant="default" leftSection={<IconLink size={16} />} onClick={handleCopyLink}>
          {t('files.copyLink')}
        </Button>
      </Group>
      {viewing && (
        <Suspense fallback={null}>
          <FolderPdfViewer
            url={folderFileUrl(folderId, viewing.id, true)}
            filename={viewing.filename}
            onClose={() => setViewing(null)}
          />
        </Suspense>
      )}
      <DataTable
        aria-label={t('views.files')}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.filename}
        total={folder.items.length}
        {...table.tableProps}
        selectable
        selectedIds={chosen}
        onSelectionChange={setSelectedIds}
        emptyText={t('files.empty')}
      />
      {rights.write && (
        <FileDropzone
          accept={[]}
          maxSize={MAX_UPLOAD_BYTES - 1}
          multiple
          onFiles={handleFiles}
          loading={upload.isPending}
          label={t('files.uploadLabel')}
          openRef={openPicker}
        />
      )}
    </Stack>
  );
}
