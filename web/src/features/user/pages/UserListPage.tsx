import { Button, Group, Menu, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { canWriteUsersOf } from '@portal/domain/permissions';
import type { UserListItem } from '@portal/domain/schemas/user';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable, type DataTableColumn, TableSearch, useTableState } from '../../../components/data-table';
import {
  DeleteSelectedButton,
  displayColumn,
  ListPageHeader,
  pageProps,
  useBulkDelete,
  useUrlFilter,
} from '../../../components/list-page';
import { formatDateTime } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { toActor, useSession } from '../../auth';
import { useDeleteUsers } from '../api/delete-users';
import { useExportUsers } from '../api/export-users';
import { useCompanyOptions } from '../api/get-company-options';
import { useUsers } from '../api/get-users';
import { LastLoginBox } from '../components/LastLoginBox';

/**
 * SPEC §2 user list. The operator sees all users (company column, company filter, last logins; its
 * non-admin staff read-only); a customer's or supplier's admin sees the own company's users.
 */
export default function UserListPage() {
  const { t } = useTranslation('user');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const actor = toActor(useSession().data);
  const operator = actor?.companyType === 'ADMIN';
  const canWrite = !!actor && canWriteUsersOf(actor, actor.companyId);
  const table = useTableState({ defaultSort: { column: 'lastname', descending: false } });
  const [companyParam, setCompany] = useUrlFilter('company');
  const companyId = operator ? companyParam : undefined;
  const [search] = useDebouncedValue(table.query.search, 250);
  const users = useUsers({ ...table.query, search, companyId });
  const companies = useCompanyOptions(operator, false);
  const exportUsers = useExportUsers();
  const { selectedIds, requestDelete, selectionProps } = useBulkDelete({
    mutation: useDeleteUsers(),
    confirmMessage: (count) => t('list.deleteConfirm', { count }),
    doneMessage: () => t('list.deleted'),
    notAllMessage: t('list.notAllDeleted'),
  });

  const handleExport = (format: 'xlsx' | 'csv') =>
    exportUsers.mutate({ format, search, companyId }, { onError: (error) => notifyError(error.message) });

  const columns: DataTableColumn<UserListItem>[] = [
    { key: 'lastname', header: t('columns.lastname'), sortable: true, render: (row) => row.lastname },
    { key: 'name', header: t('columns.name'), sortable: true, render: (row) => row.name },
    { key: 'mail', header: t('columns.mail'), sortable: true, render: (row) => row.mail },
    ...(operator
      ? [
          {
            key: 'companyName',
            header: t('columns.companyName'),
            sortable: true,
            render: (row: UserListItem) => row.company.name,
          },
        ]
      : []),
    {
      key: 'loginCounter',
      header: t('columns.loginCounter'),
      sortable: true,
      render: (row) => row.loginCounter,
    },
    {
      key: 'lastLoginAt',
      header: t('columns.lastLoginAt'),
      sortable: true,
      render: (row) => formatDateTime(row.lastLoginAt),
    },
    ...(canWrite
      ? [displayColumn(t('columns.actions'), (row: UserListItem) => navigate(`/user/${row.id}`))]
      : []),
  ];

  return (
    <Stack>
      <ListPageHeader title={t('list.title')}>
        <Group>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                loading={exportUsers.isPending}
              >
                {t('list.export')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => handleExport('xlsx')}>{t('list.exportXlsx')}</Menu.Item>
              <Menu.Item onClick={() => handleExport('csv')}>{t('list.exportCsv')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          {canWrite && (
            <>
              <DeleteSelectedButton
                selected={selectedIds.length}
                onClick={requestDelete}
                label={t('list.deleteSelected')}
              />
              <Button leftSection={<IconPlus size={16} />} onClick={() => navigate('/user/new')}>
                {t('list.add')}
              </Button>
            </>
          )}
        </Group>
      </ListPageHeader>
      {operator && <LastLoginBox />}
      <Stack>
        <Group grow align="end">
          <TableSearch table={table} label={tc('search')} placeholder={t('list.search')} />
          {operator && (
            <Select
              label={t('list.companyFilter')}
              placeholder={t('list.allCompanies')}
              searchable
              clearable
              value={companyId ?? null}
              onChange={setCompany}
              data={companies.data ?? []}
            />
          )}
        </Group>
        <DataTable
          aria-label={t('list.title')}
          columns={columns}
          {...pageProps(users)}
          getRowId={(row) => row.id}
          getRowLabel={(row) => `${row.name} ${row.lastname}`}
          {...table.tableProps}
          {...selectionProps(canWrite)}
          emptyText={t('list.empty')}
        />
      </Stack>
    </Stack>
  );
}
