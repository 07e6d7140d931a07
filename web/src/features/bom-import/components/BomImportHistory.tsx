import { ActionIcon, Button, Group, Pagination, Table, Text, Tooltip } from '@mantine/core';
import type { AdminBomListItem } from '@portal/domain/schemas/admin-bom';
import { IconFolderOpen, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmAction } from '../../../components/ConfirmDialog';
import { ActionsHeader } from '../../../components/data-table';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAdminBomList, useDeleteAdminBoms } from '../api/admin-bom';

const PAGE_SIZE = 10;

interface BomImportHistoryProps {
  selectedId: string | null;
  onLoad(id: string): void;
  onDeleted(ids: string[]): void;
}

/** SPEC §2 history of the operator's BOM results: newest first, load one, delete (Ja/Nein). */
export function BomImportHistory({ selectedId, onLoad, onDeleted }: BomImportHistoryProps) {
  const [page, setPage] = useState(0);
  const list = useAdminBomList({ page, paginationSize: PAGE_SIZE });
  const remove = useDeleteAdminBoms();

  const handleDelete = (item: AdminBomListItem) => {
    confirmAction({
      title: 'Ergebnis löschen',
      message: `Möchten Sie das Ergebnis zu „${item.bomFileName}“ mit Datei und Zeilen wirklich löschen?`,
      onConfirm: () =>
        remove.mutate([item.id], {
          onSuccess: () => {
            notifySuccess('Das Ergebnis wurde gelöscht.');
            onDeleted([item.id]);
          },
          onError: (error) => notifyError(error.message),
        }),
    });
  };

  const items = list.data?.content ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.totalElements ?? 0) / PAGE_SIZE));
  if (list.isSuccess && items.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="bom-history-empty">
        Noch keine Stückliste abgeglichen.
      </Text>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" highlightOnHover aria-label="Bisherige Abgleiche">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Datei</Table.Th>
              <Table.Th w={150}>Hochgeladen</Table.Th>
              <Table.Th w={80} ta="right">
                Zeilen
              </Table.Th>
              <Table.Th w={110} ta="right">
                Erfolgsquote
              </Table.Th>
              <Table.Th w={160}>Von</Table.Th>
              <ActionsHeader w={90} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr
                key={item.id}
                data-testid="bom-history-row"
                bg={item.id === selectedId ? 'var(--mantine-color-blue-light)' : undefined}
              >
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.bomFileName}</Table.Td>
                <Table.Td>{formatDateTime(item.createDate)}</Table.Td>
                <Table.Td ta="right">
                  {item.lineCount === null ? '–' : formatNumber(item.lineCount, 0)}
                </Table.Td>
                <Table.Td ta="right">
                  {item.successRate === null ? 'nicht zugeordnet' : `${formatNumber(item.successRate, 1)} %`}
                </Table.Td>
                <Table.Td>{item.createdByName ?? '–'}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Tooltip label="Laden">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Laden: ${item.bomFileName}`}
                        onClick={() => onLoad(item.id)}
                      >
                        <IconFolderOpen size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Löschen">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Löschen: ${item.bomFileName}`}
                        onClick={() => handleDelete(item)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="flex-end">
          <Pagination total={pages} value={page + 1} onChange={(value) => setPage(value - 1)} size="sm" />
        </Group>
      )}
      {list.isError && (
        <Button variant="light" onClick={() => list.refetch()}>
          Erneut laden
        </Button>
      )}
    </>
  );
}
