import { Button, Group, Stack, Switch, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { canCreateEnquiry } from '@portal/domain/permissions';
import type { EnquiryListItem } from '@portal/domain/schemas/enquiry';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { confirmAction } from '../../../components/ConfirmDialog';
import { DataTable, type DataTableColumn, TableSearch, useTableState } from '../../../components/data-table';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { toActor, useSession } from '../../auth/api/get-session';
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
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const actor = toActor(useSession().data);
  const isCustomer = !!actor && canCreateEnquiry(actor);
  const table = useTableState({ defaultSort: { column: 'createDate', descending: true } });
  const [searchParams, setSearchParams] = useSearchParams();
  const showArchived = isCustomer && searchParams.get('archived') === 'true';
  const [title] = useDebouncedValue(table.search.trim(), 250);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const { search: _search, ...paging } = table.query;
  const enquiries = useEnquiries({ ...paging, title: title || undefined, archived: showArchived });
  const archive = useArchiveEnquiries();
  const copy = useCopyEnquiry();

  const handleArchivedChange = (checked: boolean) => {
    setSelectedIds([]);
    setSearchParams((params) => {
      if (checked) params.set('archived', 'true');
      else params.delete('archived');
      params.delete('page');
      return params;
    });
  };

  const handleDelete = () => {
    confirmAction({
      message: t('list.deleteConfirm', { count: selectedIds.length }),
      onConfirm: () =>
        archive.mutate(selectedIds, {
          onSuccess: (result) => {
            if (result.failed.length === 0)
              notifySuccess(t('list.deleted', { count: result.archived.length }));
            else notifyError(t('list.notAllDeleted'));
            setSelectedIds([]);
          },
          onError: (error) => notifyError(error.message),
        }),
    });
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
    {
      key: 'actions',
      header: t('columns.actions'),
      render: (row) => (
        <Button
          size="xs"
          variant="light"
          onClick={(event) => {
            event.stopPropagation();
            navigate(`/enquiry/${row.id}`);
          }}
        >
          {tc('display')}
        </Button>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('list.title')}</Title>
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
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              disabled={selectedIds.length === 0}
              onClick={handleDelete}
            >
              {t('list.delete')}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => navigate('/enquiry/new')}>
              {t('list.new')}
            </Button>
          </Group>
        )}
      </Group>
      <Group align="end" justify="space-between">
        <div style={{ flex: '1 1 260px', maxWidth: 480 }}>
          <TableSearch table={table} label={tc('search')} placeholder={t('list.search')} />
        </div>
        {isCustomer && (
          <Switch
            label={t('list.showArchived')}
            checked={showArchived}
            onChange={(event) => handleArchivedChange(event.currentTarget.checked)}
            mb={6}
          />
        )}
      </Group>
      <DataTable
        aria-label={t('list.title')}
        columns={columns}
        rows={enquiries.data?.content ?? []}
        getRowId={(row) => row.id}
        total={enquiries.data?.totalElements ?? 0}
        {...table.tableProps}
        selectable={isCustomer}
        selectedIds={isCustomer ? selectedIds : undefined}
        onSelectionChange={isCustomer ? setSelectedIds : undefined}
        loading={enquiries.isFetching}
        emptyText={isCustomer ? t('list.empty') : t('list.emptySupplier')}
        onRowClick={(row) => navigate(`/enquiry/${row.id}`)}
      />
    </Stack>
  );
}
