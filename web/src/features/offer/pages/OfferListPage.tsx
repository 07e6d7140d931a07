import { Button, Group, Stack, Switch, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { OFFER_LIST_STATES, type OfferListPath } from '@portal/domain/rules/offer-state';
import type { OfferListItem } from '@portal/domain/schemas/offer';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { confirmAction } from '../../../components/ConfirmDialog';
import { DataTable, type DataTableColumn, TableSearch, useTableState } from '../../../components/data-table';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../auth/api/get-session';
import { useArchiveOffers } from '../api/archive-offers';
import { useOffers } from '../api/get-offers';
import { OfferReleaseBadge, OfferStateBadge } from '../components/OfferBadges';
import { useOfferT } from '../offer-i18n';

/** The menu's names of the lists (common `pages.*`). */
const LIST_PAGES = {
  '/offer': 'pages.offerList',
  '/order': 'pages.orderList',
  '/job': 'pages.jobList',
} as const satisfies Record<OfferListPath, string>;

/**
 * SPEC §2 offer, order and job lists (one list, the path's states): search by reference number, offer
 * number, reference number, counterpart, release date, state and release badges, version; newest first.
 * Only suppliers select rows and delete (archive) them; "Archivierte anzeigen" shows the archived ones.
 */
export function OfferListPage({ path }: { path: OfferListPath }) {
  const t = useOfferT();
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const companyType = useSession().data?.company.type;
  const isSupplier = companyType === 'SUPPLIER';
  const table = useTableState({ defaultSort: { column: 'createDate', descending: true } });
  const [searchParams, setSearchParams] = useSearchParams();
  const showArchived = searchParams.get('archived') === 'true';
  const [referenceNumber] = useDebouncedValue(table.search.trim(), 250);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const { search: _search, ...paging } = table.query;
  const offers = useOffers({
    ...paging,
    referenceNumber: referenceNumber || undefined,
    states: OFFER_LIST_STATES[path],
    archived: showArchived,
  });
  const archive = useArchiveOffers();
  const open = (row: OfferListItem) => navigate(`${path}/${row.id}`);

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

  const counterpartHeader =
    companyType === 'SUPPLIER'
      ? t('columns.customer')
      : companyType === 'CUSTOMER'
        ? t('columns.supplier')
        : '';
  const columns: DataTableColumn<OfferListItem>[] = [
    {
      key: 'offerNumber',
      header: t('columns.offerNumber'),
      sortable: true,
      render: (row) => row.offerNumber ?? '–',
    },
    {
      key: 'referenceNumber',
      header: t('columns.referenceNumber'),
      sortable: true,
      render: (row) => row.referenceNumber ?? '–',
    },
    {
      key: 'counterpart',
      header: counterpartHeader,
      render: (row) => row.counterpartName || '–',
    },
    {
      key: 'releaseDate',
      header: t('columns.releaseDate'),
      sortable: true,
      render: (row) => formatDate(row.releaseDate),
    },
    // Wide enough for the longest badge ("Angenommen", "Freigegeben"), which would be cut off otherwise.
    {
      key: 'state',
      header: t('columns.state'),
      width: 140,
      render: (row) => <OfferStateBadge state={row.state} />,
    },
    {
      key: 'release',
      header: t('columns.release'),
      width: 140,
      render: (row) => <OfferReleaseBadge offer={row} />,
    },
    { key: 'version', header: t('columns.version'), render: (row) => row.version },
    {
      key: 'actions',
      header: t('columns.actions'),
      render: (row) => (
        <Button
          size="xs"
          variant="light"
          onClick={(event) => {
            event.stopPropagation();
            open(row);
          }}
        >
          {tc('display')}
        </Button>
      ),
    },
  ];

  const title = tc(LIST_PAGES[path]);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        {isSupplier && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            disabled={selectedIds.length === 0}
            onClick={handleDelete}
          >
            {t('list.delete')}
          </Button>
        )}
      </Group>
      <Group align="end" justify="space-between">
        <div style={{ flex: '1 1 260px', maxWidth: 480 }}>
          <TableSearch table={table} label={tc('search')} placeholder={t('list.search')} />
        </div>
        <Switch
          label={t('list.showArchived')}
          checked={showArchived}
          onChange={(event) => handleArchivedChange(event.currentTarget.checked)}
          mb={6}
        />
      </Group>
      <DataTable
        aria-label={title}
        columns={columns}
        rows={offers.data?.content ?? []}
        getRowId={(row) => row.id}
        total={offers.data?.totalElements ?? 0}
        {...table.tableProps}
        selectable={isSupplier}
        selectedIds={isSupplier ? selectedIds : undefined}
        onSelectionChange={isSupplier ? setSelectedIds : undefined}
        loading={offers.isFetching}
        emptyText={t(`list.empty.${path}`)}
        onRowClick={open}
      />
    </Stack>
  );
}

export default OfferListPage;
