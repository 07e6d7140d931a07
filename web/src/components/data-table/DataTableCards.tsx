import { Box, Button, Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type DataTableViewProps, handleRowKey } from './view-props';

/** The card layout of a DataTable on narrow screens: one card per row, each column as "label: value". */
export function DataTableCards<T>(props: DataTableViewProps<T>) {
  const { columns, rows, getRowId, sort, onSort, selectable, selectedIds, onRowClick, selectRowLabel } =
    props;
  const { t } = useTranslation();
  const sortable = onSort ? columns.filter((column) => column.sortable) : [];

  return (
    <Stack gap="xs" aria-busy={props.loading}>
      {sortable.length > 0 && (
        <Group gap={4}>
          <Text size="sm">{t('table.sortBy')}</Text>
          {sortable.map((column) => {
            const active = sort?.column === column.key;
            const Icon = active && sort.descending ? IconChevronDown : IconChevronUp;
            return (
              <Button
                key={column.key}
                size="compact-sm"
                variant={active ? 'light' : 'subtle'}
                aria-pressed={active}
                rightSection={active ? <Icon size={14} aria-hidden /> : undefined}
                onClick={() => onSort?.(column.key)}
              >
                {column.header}
              </Button>
            );
          })}
        </Group>
      )}
      {selectable && rows.length > 0 && (
        <Checkbox
          label={t('table.selectAll')}
          checked={props.visibleSelection === 'all'}
          indeterminate={props.visibleSelection === 'some'}
          onChange={props.onToggleAll}
        />
      )}
      {rows.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          {props.loading ? t('loading') : props.emptyText}
        </Text>
      )}
      <Stack component="ul" gap="xs" m={0} p={0} aria-label={props.label} style={{ listStyle: 'none' }}>
        {rows.map((row, index) => {
          const id = getRowId(row);
          const selected = selectedIds.includes(id);
          return (
            <Card
              key={id}
              component="li"
              withBorder
              padding="sm"
              data-selected={selected || undefined}
              bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
              style={onRowClick ? { cursor: 'pointer' } : undefined}
              tabIndex={onRowClick ? 0 : undefined}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              onKeyDown={onRowClick ? (event) => handleRowKey(event, () => onRowClick(row)) : undefined}
            >
              {selectable && (
                <Checkbox
                  mb="xs"
                  aria-label={selectRowLabel(row, index)}
                  checked={selected}
                  onClick={(event) => event.stopPropagation()}
                  onChange={() => props.onToggleRow(id)}
                />
              )}
              <Stack component="dl" gap={4} m={0}>
                {columns.map((column) => (
                  <Group key={column.key} justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
                    <Text component="dt" size="sm" c="dimmed">
                      {column.header}
                    </Text>
                    <Box component="dd" m={0} fz="sm" ta="right">
                      {column.render(row)}
                    </Box>
                  </Group>
                ))}
              </Stack>
            </Card>
          );
        })}
      </Stack>
    </Stack>
  );
}
