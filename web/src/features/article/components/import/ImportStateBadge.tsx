import { Badge, type MantineColor } from '@mantine/core';
import type { ImportRunState } from '@portal/domain/schemas/article-import';
import { useTranslation } from 'react-i18next';

export const IMPORT_STATE_COLORS: Record<ImportRunState, MantineColor> = {
  QUEUED: 'gray',
  RUNNING: 'blue',
  PREVIEW: 'violet',
  SUCCEEDED: 'green',
  FAILED: 'red',
  ABORTED: 'orange',
};

/** A run that succeeded but took nothing over is not a green success. */
export function importStateColor(run: { state: ImportRunState; warning: boolean }): MantineColor {
  return run.warning ? 'yellow' : IMPORT_STATE_COLORS[run.state];
}

/** The state of an import run; "Abgeschlossen mit Hinweis" when it succeeded without taking anything over. */
export function ImportStateBadge({
  run,
  testId,
}: {
  run: { state: ImportRunState; warning: boolean };
  testId?: string;
}) {
  const { t } = useTranslation('import');
  return (
    <Badge
      color={importStateColor(run)}
      data-testid={testId}
      data-warning={run.warning || undefined}
      // Whole words in narrow table columns: the column grows instead of cutting "Vorschau" to "VORSCH…".
      styles={{ root: { maxWidth: 'none', flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {run.warning ? t('run.state.WARNING') : t(`run.state.${run.state}`)}
    </Badge>
  );
}
