import { Alert, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { DEFAULT_PAGE_SIZE } from '@portal/domain/enums';
import { hasNotifications } from '@portal/domain/rules/menu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTableFooter } from '../../../components/data-table/DataTableFooter';
import { useLiveStatus } from '../../../lib/live-events';
import { notify } from '../../../lib/notify';
import { toViewer, useSession } from '../../auth';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { NotificationItem } from '../components/NotificationItem';
import { useOpenNotification } from '../components/use-open-notification';

/**
 * SPEC §2 /messages: every notification of the user, newest first, paged (SPEC §9 page sizes). The operator
 * reaches the route too (SPEC §2), but notifications are for customers and suppliers (SPEC §6): the
 * operator reads why the page stays empty instead of asking for a list the server refuses.
 */
export function MessagesPage() {
  const { t } = useTranslation('notification');
  const session = useSession();
  // The router shows a page only once the session is known; until then there is nothing to ask for.
  if (!session.data) return null;
  if (!hasNotifications(toViewer(session.data))) {
    return (
      <Stack>
        <Title order={1} size="h2">
          {t('center.title')}
        </Title>
        <Alert color="gray" data-testid="notifications-none-for-role">
          {t('center.noneForRole')}
        </Alert>
      </Stack>
    );
  }
  return <NotificationCenter />;
}

function NotificationCenter() {
  const { t } = useTranslation('notification');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotifications({
    page: page - 1,
    paginationSize: pageSize,
    ...(unreadOnly ? { unreadOnly: 'true' as const } : {}),
  });
  const markRead = useMarkNotificationsRead();
  const open = useOpenNotification();
  const live = useLiveStatus();
  const total = list.data?.totalElements ?? 0;
  const items = list.data?.content ?? [];

  const handleMarkAll = () =>
    markRead.mutate('all', {
      onSuccess: () => notify('NOTIFICATION', 'update', 'success'),
      onError: () => notify('NOTIFICATION', 'update', 'error'),
    });

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('center.title')}
        </Title>
        <Group>
          <Switch
            label={t('center.unreadOnly')}
            checked={unreadOnly}
            onChange={(event) => {
              setUnreadOnly(event.currentTarget.checked);
              setPage(1);
            }}
          />
          <Button variant="light" onClick={handleMarkAll} disabled={(list.data?.unread ?? 0) === 0}>
            {t('center.markAllRead')}
          </Button>
        </Group>
      </Group>
      {live === 'down' && (
        <Text size="xs" c="dimmed" data-testid="live-down">
          {t('center.streamDown')}
        </Text>
      )}
      {list.isError ? (
        <Alert color="red">{t('NOTIFICATION.update.error')}</Alert>
      ) : items.length === 0 && !list.isLoading ? (
        <Alert color="gray" data-testid="notifications-empty">
          {unreadOnly ? t('center.empty') : t('center.emptyPage')}
        </Alert>
      ) : (
        <Card withBorder padding="xs">
          <Stack gap={0} data-testid="notification-page-list">
            {items.map((item) => (
              <NotificationItem key={item.id} item={item} onOpen={open} />
            ))}
          </Stack>
        </Card>
      )}
      <DataTableFooter
        total={total}
        page={page}
        pageSize={pageSize}
        totalPages={Math.max(1, Math.ceil(total / pageSize))}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </Stack>
  );
}

export default MessagesPage;
