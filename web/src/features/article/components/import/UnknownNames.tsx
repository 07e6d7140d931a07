import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { ImportNameKind, UnknownImportName } from '@portal/domain/schemas/article-import';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { type Option, useManufacturerOptions, useUnitOptions } from '../../api/get-article-options';
import { useResolveImportName } from '../../api/import-resolve-name';

interface UnknownNamesProps {
  kind: ImportNameKind;
  names: UnknownImportName[];
  /** Distinct unknown names of the file (`names` lists the most frequent). */
  total: number;
}

/**
 * The manufacturer or unit names of the file that the master data does not know, each with
 * "anlegen" and "als Variante von … zuordnen" right in the preview; resolved names leave the list.
 */
export function UnknownNames({ kind, names, total }: UnknownNamesProps) {
  const { t } = useTranslation('import');
  const manufacturers = useManufacturerOptions();
  const units = useUnitOptions();
  const options = (kind === 'MANUFACTURER' ? manufacturers.data : units.data) ?? [];
  if (names.length === 0) return null;
  return (
    <Stack gap="xs" data-testid={`unknown-${kind.toLowerCase()}s`}>
      <Title order={4} size="h5">
        {t(`preview.names.${kind}.title`)}
      </Title>
      <Text size="sm" c="dimmed">
        {t(`preview.names.${kind}.hint`)}
      </Text>
      {names.map((item) => (
        <UnknownNameRow key={item.name} kind={kind} item={item} options={options} />
      ))}
      {total > names.length && (
        <Text size="sm" c="dimmed">
          {t('preview.moreNames', { count: total - names.length })}
        </Text>
      )}
    </Stack>
  );
}

function UnknownNameRow({
  kind,
  item,
  options,
}: {
  kind: ImportNameKind;
  item: UnknownImportName;
  options: Option[];
}) {
  const { t } = useTranslation('import');
  const resolve = useResolveImportName();
  const [targetId, setTargetId] = useState<string | null>(null);
  const target = options.find((option) => option.value === targetId) ?? null;
  const onError = (error: Error) => notifyError(error.message);

  const handleCreate = () =>
    resolve.mutate(
      { action: 'CREATE', kind, name: item.name },
      {
        onSuccess: () => notifySuccess(t(`preview.names.${kind}.created`, { name: item.name })),
        onError,
      },
    );

  const handleAssign = () => {
    if (!target) return;
    resolve.mutate(
      { action: 'VARIANT', kind, name: item.name, targetId: target.value },
      {
        onSuccess: () =>
          notifySuccess(t(`preview.names.${kind}.assigned`, { name: item.name, target: target.label })),
        onError,
      },
    );
  };

  return (
    <Paper withBorder p="xs" radius="sm" role="group" aria-label={item.name}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text fw={600}>{item.name}</Text>
          <Text size="xs" c="dimmed">
            {t('preview.nameRows', { count: item.rows })}
          </Text>
        </div>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={handleCreate}
            loading={resolve.isPending && resolve.variables?.action === 'CREATE'}
            disabled={resolve.isPending}
            aria-label={t('preview.createFor', { name: item.name })}
          >
            {t('preview.create')}
          </Button>
          <Select
            size="xs"
            w={220}
            data={options}
            value={targetId}
            onChange={setTargetId}
            searchable
            clearable
            limit={50}
            nothingFoundMessage="–"
            placeholder={t(`preview.names.${kind}.targetPlaceholder`)}
            aria-label={t(`preview.names.${kind}.target`, { name: item.name })}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            size="xs"
            variant="default"
            onClick={handleAssign}
            disabled={!target || resolve.isPending}
            loading={resolve.isPending && resolve.variables?.action === 'VARIANT'}
          >
            {target ? t('preview.assign', { target: target.label }) : t('preview.assignNone')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
