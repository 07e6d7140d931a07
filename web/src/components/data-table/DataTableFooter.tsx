import { ActionIcon, Button, Group, NativeSelect, Text } from '@mantine/core';
import { PAGE_SIZES } from '@portal/domain/enums';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { paginationRange } from './pagination-range';

interface DataTableFooterProps {
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  onPageChange(page: number): void;
  onPageSizeChange(size: number): void;
}

/** Total count, page-size selector and pagination below every table (SPEC §2 generic table, §9). */
export function DataTableFooter({
  total,
  page,
  pageSize,
  totalPages,
  onPageChange,
  onPageSizeChange,
}: DataTableFooterProps) {
  const { t } = useTranslation();
  const sizeId = useId();
  const items = paginationRange(page, totalPages);

  return (
    <Group justify="space-between" gap="sm">
      <Group gap="md">
        <Text size="sm" aria-live="polite">
          {t('table.total', { count: total, total: formatNumber(total, 0) })}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text component="label" htmlFor={sizeId} size="sm">
            {t('table.pageSize')}
          </Text>
          <NativeSelect
            id={sizeId}
            size="xs"
            data={PAGE_SIZES.map(String)}
            value={String(pageSize)}
            onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
          />
        </Group>
      </Group>
      <Group component="nav" aria-label={t('table.pagination')} gap={4} wrap="nowrap">
        <ActionIcon
          variant="default"
          size="md"
          aria-label={t('table.previousPage')}
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <IconChevronLeft size={16} aria-hidden />
        </ActionIcon>
        {items.map((item, index) =>
          item === 'dots' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the two ellipses differ only by position
            <Text key={`dots-${index}`} size="sm" px={4} aria-hidden>
              …
            </Text>
          ) : (
            <Button
              key={item}
              size="compact-sm"
              miw={30}
              variant={item === page ? 'filled' : 'default'}
              aria-label={t('table.page', { page: item })}
              aria-current={item === page ? 'page' : undefined}
              onClick={() => item !== page && onPageChange(item)}
            >
              {item}
            </Button>
          ),
        )}
        <ActionIcon
          variant="default"
          size="md"
          aria-label={t('table.nextPage')}
          disabled={page >= totalPages}
          onClick={() => onPageChange(page + 1)}
        >
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}
