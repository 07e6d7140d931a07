import { Checkbox, Group, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn, DataTableSort } from './types';
import { type DataTableViewProps, handleRowKey } from './view-props';

function ariaSort(column: DataTableColumn<unknown>, sort: DataTableSort | undefined) {
  if (sort?.column !== column.key) return 'none';
  return sort.descending ? 'descending' : 'ascending';
}

function SortIcon({ active, descending }: { active: boolean; descending: boolean }) {
  if (!active) return <IconSelector size={14} aria-hidden />;
  return descending ? <IconChevronDown size={14} aria-hidden /> : <IconChevronUp size={14} aria-hidden />;
}

/** The table layout of a DataTable (wide screens). */
export function DataTableGrid<T>(props: DataTableViewProps<T>) {
  const { columns, rows, getRowId, sort, onSort, selectable, selectedIds, onRowClick, selectRowLabel } =
    props;
  const { t } = useTranslation();
  const columnCount = columns.length + (selectable ? 1 : 0);

  return (
    <Table.ScrollContainer minWidth={0}>
      <Table
        highlightOnHover={!!onRowClick}
        verticalSpacing="xs"
        aria-label={props.label}
        aria-busy={props.loading}
      >
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th w={40}>
                <VisuallyHidden>{t('table.selection')}</VisuallyHidden>
                <Checkbox
                  aria-label={t('table.selectAll')}
                  checked={props.visibleSelection === 'all'}
                  indeterminate={props.visibleSelection === 'some'}
                  disabled={rows.length === 0}
                  onChange={props.onToggleAll}
                />
              </Table.Th>
            )}
            {columns.map((column) => {
              const canSort = column.sortable && onSort;
              return (
                <Table.Th
                  key={column.key}
                  style={{
                    ...(column.width === undefined ? {} : { width: column.width }),
                    ...(canSort ? { cursor: 'pointer' } : {}),
                  }}
                  aria-sort={canSort ? ariaSort(column as DataTableColumn<unknown>, sort) : undefined}
                  // The whole header cell sorts (a bigger target); the button inside keeps it reachable by
                  // keyboard, its click bubbles up to here.
                  onClick={canSort ? () => onSort(column.key) : undefined}
                >
                  {canSort ? (
                    <UnstyledButton fw={700} fz="sm">
                      <Group gap={4} wrap="nowrap">
                        {column.header}
                        <SortIcon active={sort?.column === column.key} descending={!!sort?.descending} />
                      </Group>
                    </UnstyledButton>
                  ) : (
                    column.header
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columnCount} ta="center" c="dimmed">
                {props.loading ? t('loading') : props.emptyText}
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((row, index) => {
            const id = getRowId(row);
            const selected = selectedIds.includes(id);
            return (
              <Table.Tr
                key={id}
                data-selected={selected || undefined}
                bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
                style={onRowClick ? { cursor: 'pointer' } : undefined}
                tabIndex={onRowClick ? 0 : undefined}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                onKeyDown={onRowClick ? (event) => handleRowKey(event, () => onRowClick(row)) : undefined}
              >
                {selectable && (
                  <Table.Td>
                    <Checkbox
                      aria-label={selectRowLabel(row, index)}
                      checked={selected}
                      onClick={(event) => event.stopPropagation()}
                      onChange={() => props.onToggleRow(id)}
                    />
                  </Table.Td>
                )}
                {columns.map((column) => (
                  <Table.Td key={column.key}>{column.render(row)}</Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
