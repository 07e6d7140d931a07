import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface CombineDialogProps {
  opened: boolean;
  /** The selected items in list order; the first is proposed as survivor. */
  items: { id: string; label: string }[];
  loading?: boolean;
  onConfirm(targetId: string): void;
  onClose(): void;
}

/** SPEC §2 combine: the operator chooses which of the selected items stays. */
export function CombineDialog({ opened, items, loading, onConfirm, onClose }: CombineDialogProps) {
  const { t } = useTranslation('fieldvalues');
  const [chosen, setChosen] = useState<string | null>(null);
  const targetId = chosen && items.some((item) => item.id === chosen) ? chosen : items[0]?.id;
  return (
    <Modal opened={opened} onClose={onClose} title={t('combine.title')} centered>
      <Stack>
        <Text size="sm">{t('combine.text')}</Text>
        <Radio.Group label={t('combine.survivor')} value={targetId ?? null} onChange={setChosen}>
          <Stack gap="xs" mt="xs">
            {items.map((item) => (
              <Radio key={item.id} value={item.id} label={item.label} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {t('form.back')}
          </Button>
          <Button
            onClick={() => targetId && onConfirm(targetId)}
            loading={loading}
            data-testid="combine-confirm"
          >
            {t('combine.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
