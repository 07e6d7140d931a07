import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { PricingSettingsResponse } from '@portal/domain/schemas/pricing';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePricingSettings, useSavePricingSettings } from '../api/pricing-settings';

type Discount = { discountGroupId: string; percent: number };
const percentInput = { min: 0, decimalScale: 2, decimalSeparator: ',', thousandSeparator: '.' } as const;

/**
 * The supplier's pricing settings under its profile (admins only, SPEC §2 profile): wholesaler of choice,
 * default markup, own discounts per discount group. Saved on the state the page loaded; a colleague's save in
 * between is reported (409) and the entries stay in the form until the page is reloaded.
 */
export default function PricingSettingsPage() {
  const { t } = useTranslation('pricing');
  const query = usePricingSettings();
  const save = useSavePricingSettings();
  const [wholesalerId, setWholesalerId] = useState<string | null>(null);
  const [markup, setMarkup] = useState<number | string>(0);
  const [discounts, setDiscounts] = useState<Discount[]>([]);
  const [adding, setAdding] = useState<string | null>(null);
  const [addingPercent, setAddingPercent] = useState<number | string>('');
  const [conflict, setConflict] = useState(false);
  const data = query.data;

  useEffect(() => {
    if (!data) return;
    setWholesalerId(data.wholesalerId);
    setMarkup(data.markupPercent);
    setDiscounts(data.discounts);
    setConflict(false);
  }, [data]);

  const groups = useMemo(
    () => new Map((data?.discountGroups ?? []).map((group) => [group.id, group])),
    [data],
  );
  const groupLabel = (id: string) => {
    const group = groups.get(id);
    return group
      ? t('groupOption', {
          manufacturer: group.manufacturerName,
          group: group.displayName,
          percent: group.percent.toLocaleString('de-DE'),
        })
      : '–';
  };

  if (query.isPending) {
    return (
      <Center p="xl">
        <Loader aria-label={t('title')} />
      </Center>
    );
  }
  if (!data) return <Alert color="red">{t('loadFailed')}</Alert>;

  const chosen = new Set(discounts.map((discount) => discount.discountGroupId));
  const groupOptions = data.discountGroups
    .filter((group) => !chosen.has(group.id))
    .map((group) => ({ value: group.id, label: groupLabel(group.id) }));

  function handleAdd() {
    if (!adding || typeof addingPercent !== 'number') return;
    setDiscounts((current) => [...current, { discountGroupId: adding, percent: addingPercent }]);
    setAdding(null);
    setAddingPercent('');
  }

  function handleSave(loaded: PricingSettingsResponse) {
    save.mutate(
      {
        wholesalerId,
        markupPercent: typeof markup === 'number' ? markup : Number.NaN,
        discounts,
        lastUpdate: loaded.lastUpdate,
      },
      {
        onSuccess: () => notifySuccess(t('saved')),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setConflict(true);
          else notifyError(t('failed', { reason: error.message }));
        },
      },
    );
  }

  return (
    <Stack maw={900} data-testid="pricing-settings">
      <Anchor component={Link} to="/profile" size="sm">
        {t('back')}
      </Anchor>
      <Title order={1}>{t('title')}</Title>
      <Text c="dimmed">{t('intro')}</Text>
      {conflict && (
        <Alert color="orange" title={t('conflict')}>
          <Button variant="light" mt="xs" onClick={() => query.refetch()}>
            {t('reload')}
          </Button>
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Select
            label={t('wholesaler')}
            description={t('wholesalerHint')}
            placeholder={t('noWholesaler')}
            data={data.wholesalers.map((w) => ({ value: w.id, label: w.displayName }))}
            value={wholesalerId}
            onChange={setWholesalerId}
            clearable
            searchable
            maw={420}
          />
          <NumberInput
            label={t('markup')}
            description={t('markupHint')}
            value={markup}
            onChange={setMarkup}
            max={1000}
            {...percentInput}
            maw={420}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Title order={2} size="h4">
            {t('discountsTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('discountsHint')}
          </Text>
          {discounts.length === 0 ? (
            <Text size="sm">{t('noDiscounts')}</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('group')}</Table.Th>
                  <Table.Th>{t('ownPercent')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {discounts.map((discount, index) => (
                  <Table.Tr key={discount.discountGroupId}>
                    <Table.Td>{groupLabel(discount.discountGroupId)}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`${t('ownPercent')}: ${groupLabel(discount.discountGroupId)}`}
                        value={discount.percent}
                        onChange={(value) =>
                          setDiscounts((current) =>
                            current.map((item, at) =>
                              at === index
                                ? { ...item, percent: typeof value === 'number' ? value : 0 }
                                : item,
                            ),
                          )
                        }
                        max={100}
                        {...percentInput}
                        w={120}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('remove', { group: groupLabel(discount.discountGroupId) })}
                        onClick={() => setDiscounts((current) => current.filter((_, at) => at !== index))}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group align="flex-end">
            <Select
              label={t('addGroup')}
              data={groupOptions}
              value={adding}
              onChange={setAdding}
              searchable
              clearable
              w={420}
            />
            <NumberInput
              label={t('ownPercent')}
              value={addingPercent}
              onChange={setAddingPercent}
              max={100}
              {...percentInput}
              w={140}
            />
            <Button
              variant="light"
              onClick={handleAdd}
              disabled={!adding || typeof addingPercent !== 'number'}
            >
              {t('add')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Group>
        <Button onClick={() => handleSave(data)} loading={save.isPending}>
          {t('save')}
        </Button>
      </Group>
    </Stack>
  );
}
