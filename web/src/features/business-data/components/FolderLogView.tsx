import { FOLDER_LOG_ACTION_LABELS, type FolderLogEntry } from '@portal/domain/schemas/business-data';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import { useFolderLog } from '../api/get-folder-log';
import { useFolderT } from '../business-data-i18n';

/** Sidebar view "Zugriffsprotokoll": who opened, downloaded, changed what, from which address. */
export function FolderLogView({ folderId }: { folderId: string }) {
  const t = useFolderT();
  const table = useTableState();
  const log = useFolderLog({
    folderId,
    page: table.query.page,
    paginationSize: table.query.paginationSize,
  });
  const columns: DataTableColumn<FolderLogEntry>[] = [
    { key: 'at', header: t('log.at'), render: (row) => formatDateTime(row.at) },
    { key: 'actor', header: t('log.actor'), render: (row) => row.actor },
    { key: 'ip', header: t('log.ip'), render: (row) => row.ip ?? '–' },
    { key: 'action', header: t('log.action'), render: (row) => FOLDER_LOG_ACTION_LABELS[row.action] },
    { key: 'file', header: t('log.file'), render: (row) => row.filename ?? '–' },
  ];
  return (
    <DataTable
      aria-label={t('views.log')}
      columns={columns}
      rows={log.data?.content ?? []}
      getRowId={(row) => row.id}
      total={log.data?.totalElements ?? 0}
      {...table.tableProps}
      loading={log.isFetching}
      emptyText={t('log.empty')}
    />
  );
}
