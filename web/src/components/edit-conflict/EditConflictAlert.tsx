import { Alert, Button, List, type MantineSpacing, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditConflict } from './use-edit-conflict';

/**
 * SPEC §8 CHANGED_MEANWHILE in the form: the server's message (who changed the record), the fields that
 * person changed with their new values, and "Neu laden". Announced to screen readers as an alert and
 * scrolled into view, since the save button may sit far below it.
 */
export function EditConflictAlert({
  edit,
  mb,
}: {
  edit: Pick<EditConflict<unknown>, 'conflict' | 'reload' | 'reloading'>;
  /** Space below it, where the form's fields follow directly. */
  mb?: MantineSpacing;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const { conflict } = edit;
  const shown = conflict !== null;

  useEffect(() => {
    if (shown) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [shown]);

  if (!conflict) return null;
  const { changes } = conflict;
  return (
    <Alert
      ref={ref}
      role="alert"
      color="orange"
      variant="light"
      mb={mb}
      icon={<IconAlertTriangle size={20} />}
      title={t('editConflict.title')}
      data-testid="edit-conflict"
    >
      <Stack gap="xs">
        <Text size="sm">{conflict.message}</Text>
        {changes === null && (
          <Text size="sm" c="dimmed">
            {t('editConflict.loading')}
          </Text>
        )}
        {conflict.loadFailed && <Text size="sm">{t('editConflict.loadFailed')}</Text>}
        {changes && changes.length > 0 && (
          <div>
            <Text size="sm" fw={600}>
              {t('editConflict.changedFields')}
            </Text>
            <List size="sm" spacing={2} aria-label={t('editConflict.changedFields')}>
              {changes.map((change) => (
                <List.Item key={change.name}>
                  <Text span size="sm" fw={500}>
                    {change.label}:
                  </Text>{' '}
                  {change.theirs}
                  {change.mine !== undefined && (
                    <Text span size="sm" c="dimmed">
                      {' '}
                      {t('editConflict.yourInput', { value: change.mine })}
                    </Text>
                  )}
                </List.Item>
              ))}
            </List>
          </div>
        )}
        {changes && changes.length === 0 && !conflict.loadFailed && !conflict.unlisted && (
          <Text size="sm">{t('editConflict.nothingVisible')}</Text>
        )}
        {conflict.unlisted && <Text size="sm">{t('editConflict.moreChanges')}</Text>}
        <div>
          <Button
            leftSection={<IconRefresh size={16} />}
            onClick={edit.reload}
            loading={edit.reloading}
            aria-describedby={hintId}
          >
            {t('editConflict.reload')}
          </Button>
          <Text id={hintId} size="xs" c="dimmed" mt={4}>
            {t('editConflict.reloadHint')}
          </Text>
        </div>
      </Stack>
    </Alert>
  );
}
