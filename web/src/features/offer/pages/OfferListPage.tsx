import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { OfferListItem } from '@portal/domain/schemas/offer';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
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
import { useSession } from '../../auth';
import { useArchiveOffers } from '../api/archive-offers';
import { useOffers } from '../api/get-offers';
import { OfferReleaseBadge, OfferStateWithExpiry } from '../components/OfferBadges';
import { useOfferT } from '../offer-i18n';
import { type OfferListPath, offerListStates } from '../offer-paths';

/** The menu's names of the lists (common `pages.*`). */
const LIST_PAGES = {
  '/offer': 'pages.offerList',
  '/order': 'pages.orderList',
  '/job': 'pages.jobList',
} as const satisfies Record<OfferListPath, string>;

/**
 * Every version of the row's offer the viewer may open: the shown one as text, the others (superseded ones
 * included, which the list itself no longer shows) as links.
 */
function OfferVersionLinks({ offer, path }: { offer: OfferListItem; path: OfferListPath }) {
  const t = useOfferT();
  const versions = offer.versions.length > 0 ? offer.versions : [{ id: offer.id, version: offer.version }];
  return (
    <Group gap={6} wrap="wrap">
      {versions.map((version) =>
        version.id === offer.id ? (
          <Text key={version.id} size="sm" fw={700} aria-current="true">
            {version.version}
          </Text>
        ) : (
          <Anchor
            key={version.id}
            size="sm"
            component={Link}
            to={`${path}/${version.id}`}
            aria-label={t('list.openVersion', { version: version.version })}
            onClick={(event) => event.stopPropagation()}
          >
            {version.version}
          </Anchor>
        ),
      )}
    </Group>
  );
}

/**
 * SPEC §2 offer, order and job lists (one list, the path's states): search by reference number, offer
 * number, reference number, counterpart, release date, state and release badges, versions; newest first.
 * Only suppliers select rows and delete (archive) them; "Archivierte anzeigen" shows the archived ones.
 */
export function OfferListPage({ path }: { path: OfferListPath }) {
  const t = useOfferT();
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const companyType = useSession().data?.company.type;
  const isSupplier = companyType === 'SUPPLIER';
  const table = useTableState({ defaultSort: { column: 'createDate', descending: true } });
  const [showArchived, setArchived] = useUrlFlag('archived');
  const { paging, term: referenceNumber } = useListSearch(table);
  const offers = useOffers({
    ...paging,
    referenceNumber,
    states: offerListStates(path),
    archived: showArchived,
  });
  const { selectedIds, setSelectedIds, requestDelete, selectionProps } = useBulkDelete({
    mutation: useArchiveOffers(),
    confirmMessage: (count) => t('list.deleteConfirm', { count }),
    doneMessage: (result) => t('list.deleted', { count: result.archived.length }),
    notAllMessage: t('list.notAllDeleted'),
  });
  const open = (row: OfferListItem) => navigate(`${path}/${row.id}`);

  const handleArchivedChange = (checked: boolean) => {
    setSelectedIds([]);
    setArchived(checked);
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
      render: (row) => <OfferStateWithExpiry offer={row} />,
    },
    {
      key: 'release',
      header: t('columns.release'),
      width: 140,
      render: (row) => <OfferReleaseBadge offer={row} />,
    },
    {
      key: 'versions',
      header: t('columns.versions'),
      render: (row) => <OfferVersionLinks offer={row} path={path} />,
    },
    displayColumn(t('columns.actions'), open),
  ];

  const title = tc(LIST_PAGES[path]);
  return (
    <Stack>
      <ListPageHeader title={title}>
        {isSupplier && (
          <DeleteSelectedButton
            selected={selectedIds.length}
            onClick={requestDelete}
            label={t('list.delete')}
          />
        )}
      </ListPageHeader>
      <ArchivedListFilters
        table={table}
        placeholder={t('list.search')}
        archivedLabel={t('list.showArchived')}
        showArchived={showArchived}
        onArchivedChange={handleArchivedChange}
      />
      <DataTable
        aria-label={title}
        columns={columns}
        {...pageProps(offers)}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.offerNumber ?? row.referenceNumber ?? row.enquiryTitle}
        {...table.tableProps}
        {...selectionProps(isSupplier)}
        emptyText={t(`list.empty.${path}`)}
        onRowClick={open}
      />
    </Stack>
  );
}

export default OfferListPage;
