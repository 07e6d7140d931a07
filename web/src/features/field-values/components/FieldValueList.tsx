import { Button, Group, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowMerge, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmAction } from '../../../components/ConfirmDialog';
import {
  DataTable,
  type DataTableColumn,
  type DataTableSort,
  TableSearch,
  useTableState,
} from '../../../components/data-table';
import { notify, notifyError, notifySuccess, notifyWarning } from '../../../lib/notify';
import { useCombineFieldValues } from '../api/combine-field-values';
import { useDeleteFieldValues } from '../api/delete-field-values';
import type { FieldValueKind } from '../api/field-value-kind';
import { type FieldValueListParams, useFieldValues } from '../api/get-field-values';
import { CombineDialog } from './CombineDialog';

export interface FieldValueListProps<T extends { id: string }> {
  kind: FieldValueKind<T>;
  title: string;
  columns: DataTableColumn<T>[];
  defaultSort: DataTableSort;
  /** How a row is named in the combine dialog. */
  label(row: T): string;
  /** SPEC §2: manufacturers, units and discount groups can be combined. */
  combinable?: boolean;
  searchPlaceholder?: string;
  /** Extra list parameters (e.g. the manufacturer filter of discount groups). */
  params?: FieldValueListParams;
  /** Further buttons (CSV export/import). */
  actions?: ReactNode;
  /** Further filters beside the search. */
  filters?: ReactNode;
}

/**
 * SPEC §2 field-value list: search, add, multi-select delete with confirmation, combine, paging and
 * sorting; the amounts come from `withAmount=true`. Rows open the form `<route>/<id>`.
 */
export function FieldValueList<T extends { id: string }>(props: FieldValueListProps<T>) {
  const { kind } = props;
  const { t } = useTranslation('fieldvalues');
  const navigate = useNavigate();
  const table = useTableState({ defaultSort: props.defaultSort });
  const [search] = useDebouncedValue(table.query.search, 250);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [combineOpen, setCombineOpen] = useState(false);
  const list = useFieldValues(kind, { ...table.query, search, withAmount: true, ...props.params });
  const remove = useDeleteFieldValues(kind);
  const combine = useCombineFieldValues(kind);
  const rows = list.data?.content ?? [];
  const selectedRows = selectedIds.flatMap((id) => rows.filter((row) => row.id === id));

  const handleDelete = () =>
    confirmAction({
      message: t('list.deleteConfirm', { count: selectedIds.length }),
      onConfirm: () =>
        remove.mutate(selectedIds, {
          onSuccess: ({ deleted, failed }) => {
            // SPEC §8: N deleted / N could not be deleted (ensure they are not in use).
            if (failed.length === 0) notifySuccess(t('list.deleted', { count: deleted.length }));
            else notifyWarning(t('list.deleteResult', { deleted: deleted.length, count: failed.length }));
            setSelectedIds(failed);
          },
          onError: (error) =>
            kind.entity ? notify(kind.entity, 'delete', 'error', error.message) : notifyError(error.message),
        }),
    });

  const handleCombine = (targetId: string) =>
    combine.mutate(
      { ids: selectedIds, targetId },
      {
        onSuccess: (result) => {
          notifySuccess(t('combine.done', { count: result.combined }));
          setSelectedIds([]);
          setCombineOpen(false);
        },
        onError: (error) => notifyError(error.message),
      },
    );

  const columns: DataTableColumn<T>[] = [
    ...props.columns,
    {
      key: 'actions',
      header: t('list.actions'),
      render: (row) => (
        <Button size="xs" variant="light" onClick={() => navigate(`${kind.route}/${row.id}`)}>
          {t('list.display')}
        </Button>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {props.title}
        </Title>
        <Group>
          {props.actions}
          {props.combinable && (
            <Button
              variant="light"
              leftSection={<IconArrowMerge size={16} />}
              disabled={selectedIds.length < 2}
              onClick={() => setCombineOpen(true)}
            >
              {t('list.combine')}
            </Button>
          )}
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            disabled={selectedIds.length === 0}
            onClick={handleDelete}
          >
            {t('list.deleteSelected')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => navigate(`${kind.route}/new`)}>
            {t('list.add')}
          </Button>
        </Group>
      </Group>
      <Group grow align="end">
        <TableSearch
          table={table}
          label={t('list.search')}
          placeholder={props.searchPlaceholder ?? t('list.searchPlaceholder')}
        />
        {props.filters}
      </Group>
      <DataTable
        aria-label={props.title}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        getRowLabel={props.label}
        total={list.data?.totalElements ?? 0}
        {...table.tableProps}
        selectable
        selectedIds={selectedIds}
        onSelectionChange={setSelectedIds}
        loading={list.isFetching}
        emptyText={t('list.empty')}
      />
      {props.combinable && (
        <CombineDialog
          opened={combineOpen}
          items={selectedRows.map((row) => ({ id: row.id, label: props.label(row) }))}
          loading={combine.isPending}
          onConfirm={handleCombine}
          onClose={() => setCombineOpen(false)}
        />
      )}
    </Stack>
  );
}
