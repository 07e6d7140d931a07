import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { ChangeEntry } from '@portal/domain/schemas/change-entry';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeHistory } from '../ChangeHistory';
import { EditConflictAlert } from '../edit-conflict';
import type { RecordForm } from './use-record-form';

export interface RecordHistory<D> {
  /**
   * The record's change entries (SPEC §3). A save answers with the record alone, so right after creating
   * one they are missing until the record is loaded again: the panel then shows an empty history.
   */
  entries(record: D): ChangeEntry[] | undefined;
  fieldLabel(field: string): string;
}

/**
 * A master-data form page: the title (with actions on the right), the form with its edit-conflict alert and
 * "Zurück"/"Speichern", the change history once the record exists, and whatever follows (dialogs).
 */
export function RecordFormLayout<R, D>({
  page,
  title,
  actions,
  maw,
  history,
  after,
  children,
}: {
  page: RecordForm<R, D>;
  title: ReactNode;
  actions?: ReactNode;
  maw?: number;
  history?: RecordHistory<D>;
  after?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { record } = page;
  const heading = (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
  return (
    <Stack>
      {actions ? (
        <Group justify="space-between">
          {heading}
          {actions}
        </Group>
      ) : (
        heading
      )}
      <Paper withBorder p="md" radius="md" component="form" onSubmit={page.handleSubmit} noValidate maw={maw}>
        <EditConflictAlert edit={page.edit} mb="md" />
        {children}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={page.back}>
            {t('back')}
          </Button>
          <Button type="submit" loading={page.saving}>
            {t('save')}
          </Button>
        </Group>
      </Paper>
      {history && record && (
        <ChangeHistory entries={history.entries(record) ?? []} fieldLabel={history.fieldLabel} />
      )}
      {after}
    </Stack>
  );
}
