import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { canImportArticles, canSeeArticleImport } from '@portal/domain/permissions';
import { IconEye, IconFileImport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toActor, useSession } from '../../../auth';
import { useImportStatus } from '../../api/import-status';
import { ImportDialog } from './ImportDialog';
import { ImportProgress } from './ImportProgress';

/**
 * SPEC §2 article import on the article list: the import button (operator administrators) with its
 * dialog, and the progress of the running or latest import for the whole operator (or that its preview
 * waits for "Übernehmen"). When a run ends the article list is refreshed.
 */
export function ArticleImportPanel() {
  const { t } = useTranslation('import');
  const actor = toActor(useSession().data);
  const canImport = !!actor && canImportArticles(actor);
  const canSee = !!actor && canSeeArticleImport(actor);
  const status = useImportStatus();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const running = status.data?.running ?? false;
  const wasRunning = useRef(running);

  useEffect(() => {
    if (wasRunning.current && !running) {
      void queryClient.invalidateQueries({ queryKey: ['articles'] });
      void queryClient.invalidateQueries({ queryKey: ['article-import-runs'] });
    }
    wasRunning.current = running;
  }, [running, queryClient]);

  if (!canSee) return null;
  const run = status.data?.run ?? null;

  return (
    <Paper withBorder p="md" radius="md" data-testid="article-import-panel">
      <Stack gap="sm">
        {canImport && (
          <Group>
            <Button
              leftSection={<IconFileImport size={16} />}
              onClick={() => setOpen(true)}
              disabled={running}
              data-testid="article-import-open"
            >
              {t('run.button')}
            </Button>
          </Group>
        )}
        {run?.state === 'PREVIEW' ? (
          // Nothing is written until the preview is confirmed in the dialog.
          <Alert color="violet" data-testid="import-preview-waiting">
            <Group justify="space-between">
              <Text size="sm">{t('preview.waiting', { file: run.fileName })}</Text>
              {canImport && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconEye size={14} />}
                  onClick={() => setOpen(true)}
                >
                  {t('preview.open')}
                </Button>
              )}
            </Group>
          </Alert>
        ) : (
          run && <ImportProgress run={run} canEnd={canImport} />
        )}
      </Stack>
      {canImport && <ImportDialog opened={open} onClose={() => setOpen(false)} />}
    </Paper>
  );
}
