import { Button, Group, Paper, Select, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A name of a file that the master data does not know, and how many of the file's lines carry it. */
export interface UnknownName {
  name: string;
  lines: number;
}

/** A master-data item the name may become a variant of. */
export interface NameTarget {
  value: string;
  label: string;
}

export type ResolveUnknownName =
  | { action: 'CREATE'; name: string }
  | { action: 'VARIANT'; name: string; target: NameTarget };

export interface UnknownNamesProps {
  title: string;
  headingOrder?: TitleOrder;
  hint: string;
  names: UnknownName[];
  /** Distinct unknown names in all (`names` lists the most frequent). */
  total: number;
  /**
   * "anlegen" and "als Variante von … zuordnen" of each name; without it the list is read-only. The caller
   * reports success and failure; the promise only tells when the row is free again.
   */
  onResolve?(request: ResolveUnknownName): Promise<unknown>;
  /** The items a name may become a variant of (with `onResolve`). */
  targets?: NameTarget[];
  /** The items for one name instead of `targets` (e.g. the manufacturers that have its lines' numbers). */
  targetsOf?(item: UnknownName): NameTarget[];
  /** "anlegen" is offered (default); false where the person may not add to the master data. */
  allowCreate?: boolean;
  /** The assign button's text for a chosen item, and without one (default: "als Variante von … zuordnen"). */
  assignLabel?(target: string): string;
  assignNoneLabel?: string;
  /** With `targetsOf`: the text shown instead of the choice when a name has no items. */
  noTargetsText?: string;
  /** The label of a name's choice of item ("Vorhandener Hersteller für „PHO“"). */
  targetLabel?(name: string): string;
  targetPlaceholder?: string;
  'data-testid'?: string;
}

/**
 * The names of a file (catalog import preview, BOM) that the master data does not know, each with its line
 * count and, for whoever maintains the master data, "anlegen" and "als Variante von … zuordnen" right there
 * (SPEC §5 name variants). Nothing is shown when every name is known.
 */
export function UnknownNames(props: UnknownNamesProps) {
  const { t } = useTranslation();
  const { names, total } = props;
  if (names.length === 0) return null;
  return (
    <Stack gap="xs" data-testid={props['data-testid']}>
      <Title order={props.headingOrder ?? 4} size="h5">
        {props.title}
      </Title>
      <Text size="sm" c="dimmed">
        {props.hint}
      </Text>
      {names.map((item) => (
        <UnknownNameRow key={item.name} item={item} {...props} />
      ))}
      {total > names.length && (
        <Text size="sm" c="dimmed">
          {t('unknownNames.more', { count: total - names.length })}
        </Text>
      )}
    </Stack>
  );
}

function UnknownNameRow({
  item,
  onResolve,
  targets: allTargets = [],
  targetsOf,
  allowCreate = true,
  assignLabel,
  assignNoneLabel,
  noTargetsText,
  targetLabel,
  targetPlaceholder,
}: UnknownNamesProps & { item: UnknownName }) {
  const { t } = useTranslation();
  const targets = targetsOf ? targetsOf(item) : allTargets;
  const [targetId, setTargetId] = useState<string | null>(null);
  const [busy, setBusy] = useState<ResolveUnknownName['action'] | null>(null);
  const target = targets.find((option) => option.value === targetId) ?? null;

  const resolve = async (request: ResolveUnknownName) => {
    if (!onResolve) return;
    setBusy(request.action);
    try {
      await onResolve(request);
    } catch {
      // The caller has reported the failure; the row is offered again.
    } finally {
      setBusy(null);
    }
  };

  const handleCreate = () => resolve({ action: 'CREATE', name: item.name });
  const handleAssign = () => {
    if (target) void resolve({ action: 'VARIANT', name: item.name, target });
  };

  return (
    <Paper withBorder p="xs" radius="sm" role="group" aria-label={item.name}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text fw={600}>{item.name}</Text>
          <Text size="xs" c="dimmed">
            {t('unknownNames.lines', { count: item.lines })}
          </Text>
        </div>
        {onResolve && targetsOf && targets.length === 0 && !allowCreate && (
          <Text size="sm" c="dimmed">
            {noTargetsText}
          </Text>
        )}
        {onResolve && (targets.length > 0 || allowCreate || !targetsOf) && (
          <Group gap="xs" wrap="wrap">
            {allowCreate && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={handleCreate}
                loading={busy === 'CREATE'}
                disabled={busy !== null}
                aria-label={t('unknownNames.createFor', { name: item.name })}
              >
                {t('unknownNames.create')}
              </Button>
            )}
            <Select
              size="xs"
              w={220}
              data={targets}
              value={targetId}
              onChange={setTargetId}
              searchable
              clearable
              limit={50}
              nothingFoundMessage="–"
              placeholder={targetPlaceholder}
              aria-label={targetLabel?.(item.name)}
              comboboxProps={{ withinPortal: true }}
            />
            <Button
              size="xs"
              variant="default"
              onClick={handleAssign}
              disabled={!target || busy !== null}
              loading={busy === 'VARIANT'}
            >
              {target
                ? (assignLabel?.(target.label) ?? t('unknownNames.assign', { target: target.label }))
                : (assignNoneLabel ?? t('unknownNames.assignNone'))}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}
