import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFieldValues } from '../../field-values';
import { manufacturerKind } from '../api/manufacturer-kind';
import { useMigrateArticles } from '../api/migrate-articles';

/** "Migration starten": choose the manufacturer that takes over every article of this one. */
export function MigrationDialog({
  manufacturer,
  opened,
  onClose,
}: {
  manufacturer: { id: string; displayName: string };
  opened: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('fieldvalues');
  const [targetId, setTargetId] = useState<string | null>(null);
  const all = useFieldValues(manufacturerKind, { column: 'displayName' });
  const migrate = useMigrateArticles();
  const options = (all.data?.content ?? [])
    .filter((item) => item.id !== manufacturer.id)
    .map((item) => ({ value: item.id, label: item.displayName }));

  const handleSubmit = () => {
    if (!targetId) return;
    migrate.mutate(
      { manufacturerId: manufacturer.id, targetManufacturerId: targetId },
      {
        onSuccess: (result) => {
          notifySuccess(t('manufacturer.migrationDone', { count: result.movedArticles }));
          onClose();
        },
        onError: (error) => notifyError(error.message),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('manufacturer.migrationTitle')} centered>
      <Stack>
        <Text size="sm">{t('manufacturer.migrationText', { name: manufacturer.displayName })}</Text>
        <Select
          label={t('manufacturer.migrationTarget')}
          data={options}
          value={targetId}
          onChange={setTargetId}
          searchable
          required
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('form.back')}
          </Button>
          <Button onClick={handleSubmit} disabled={!targetId} loading={migrate.isPending}>
            {t('manufacturer.migrationSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
