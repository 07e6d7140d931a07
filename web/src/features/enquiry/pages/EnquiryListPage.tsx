import { Button, Group, Stack } from '@mantine/core';
import { canCreateEnquiry } from '@portal/domain/permissions';
import type { EnquiryListItem } from '@portal/domain/schemas/enquiry';
import { IconCopy, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn, useTableState } from '../../../components/data-table';
import {
  ArchivedListFilters,
  DeleteSelectedButton,
  displayColumn,
  ListPageHeader,
  pageProps,
  useBulkDelete,
  useListSearch,
  useUrlFlag,
} from '../../../components/list-page';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { toActor, useSession } from '../../auth';
import { useArchiveEnquiries } from '../api/archive-enquiries';
import { useCopyEnquiry } from '../api/copy-enquiry';
import { useEnquiries } from '../api/get-enquiries';
import { EnquiryStatusBadge } from '../components/EnquiryStatusBadge';

/**
 * SPEC §2 enquiry list. Customers: their company's enquiries with title, release date (both sortable) and
 * status, selection, new, copy and delete (archive), a switch for the deleted ones. Suppliers: the released
 * enquiries addressed to them, with the customer's name, read only. Default order: newest first.
 */
export default function EnquiryListPage() {
  const { t } = useTranslation('enquiry');
  const navigate = useNavigate();
  const actor = toActor(useSession().data);
  const isCustomer = !!actor && canCreateEnquiry(actor);
  const table = useTableState({ defaultSort: { column: 'createDate', descending: true } });
  const [archived, setArchived] = useUrlFlag('archived');
  const showArchived = isCustomer && archived;
  const { paging, term: title } = useListSearch(table);
  const enquiries = useEnquiries({ ...paging, title, archived: showArchived });
  const { selectedIds, setSelectedIds, requestDelete, selectionProps } = useBulkDelete({
    mutation: useArchiveEnquiries(),
    confirmMessage: (count) => t('list.deleteConfirm', { count }),
    doneMessage: (result) => t('list.deleted', { count: result.archived.length }),
    notAllMessage: t('list.notAllDeleted'),
  });
  const copy = useCopyEnquiry();

  const handleArchivedChange = (checked: boolean) => {
    setSelectedIds([]);
    setArchived(checked);
  };

  const handleCopy = () => {
    const [id] = selectedIds;
    if (!id || selectedIds.length !== 1) return;
    copy.mutate(id, {
      onSuccess: (created) => {
        notifySuccess(t('list.copied'));
        navigate(`/enquiry/${created.id}`);
      },
      onError: (error) => notifyError(error.message),
    });
  };

  const columns: DataTableColumn<EnquiryListItem>[] = [
    ...(isCustomer
      ? []
      : [
          {
            key: 'customerName',
            header: t('columns.customerName'),
            render: (row: EnquiryListItem) => row.customerName,
          },
        ]),
    { key: 'title', header: t('columns.title'), sortable: true, render: (row) => row.title },
    {
      key: 'releaseDate',
      header: t('columns.releaseDate'),
      sortable: true,
      render: (row) => formatDate(row.releaseDate),
    },
    { key: 'status', header: t('columns.status'), render: (row) => <EnquiryStatusBadge enquiry={row} /> },
    displayColumn(t('columns.actions'), (row) => navigate(`/enquiry/${row.id}`)),
  ];

  return (
    <Stack>
      <ListPageHeader title={t('list.title')}>
        {isCustomer && (
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconCopy size={16} />}
              disabled={selectedIds.length !== 1}
              title={selectedIds.length !== 1 ? t('list.copyHint') : undefined}
              onClick={handleCopy}
              loading={copy.isPending}
            >
              {t('list.copy')}
            </Button>
            <DeleteSelectedButton
              selected={selectedIds.length}
              onClick={requestDelete}
              label={t('list.delete')}
            />
            <Button leftSection={<IconPlus size={16} />} onClick={() => navigate('/enquiry/new')}>
              {t('list.new')}
            </Button>
          </Group>
        )}
      </ListPageHeader>
      <ArchivedListFilters
        table={table}
        placeholder={t('list.search')}
        archivedLabel={t('list.showArchived')}
        showArchived={showArchived}
        onArchivedChange={handleArchivedChange}
        withSwitch={isCustomer}
      />
      <DataTable
        aria-label={t('list.title')}
        columns={columns}
        {...pageProps(enquiries)}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.title}
        {...table.tableProps}
        {...selectionProps(isCustomer)}
        emptyText={isCustomer ? t('list.empty') : t('list.emptySupplier')}
        onRowClick={(row) => navigate(`/enquiry/${row.id}`)}
      />
    </Stack>
  );
}
