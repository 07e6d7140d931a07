import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { BomLine } from '@portal/domain/schemas/bom';
import { type BomLineValues, bomLineValues } from '@portal/domain/schemas/bom-lines';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { NumberField, TextField } from '../../../components/form';
import { notifyError, notifySuccess } from '../../../lib/notify';

type Output = z.output<typeof bomLineValues>;

/** Saves the corrected values of a line; the owner's feature knows the URL (enquiry, later offer). */
export type SaveBomLine = (line: BomLine, values: Output) => Promise<unknown>;

interface BomLineEditDialogProps {
  line: BomLine;
  onSave: SaveBomLine;
  onClose(): void;
}

/**
 * SPEC §4 the customer corrects a line (quantity, unit, numbers, manufacturer); the server matches it again and
 * flags it as edited. Validated with the contract's schema (QUANTITY_MESSAGE) before anything is sent.
 */
export function BomLineEditDialog({ line, onSave, onClose }: BomLineEditDialogProps) {
  const { t } = useTranslation('bom');
  const form = useForm<BomLineValues, unknown, Output>({
    resolver: zodResolver(bomLineValues),
    defaultValues: {
      quantity: line.quantity ?? (null as unknown as number),
      unit: line.quantityUnitName ?? '',
      orderNumber: line.orderNumber ?? '',
      manufacturerNumber: line.manufacturerNumber ?? '',
      manufacturerName: line.manufacturerName ?? '',
    },
  });
  const save = useMutation({ mutationFn: (values: Output) => onSave(line, values) });

  const handleSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        notifySuccess(t('edit.saved'));
        onClose();
      },
      onError: (error) => notifyError(t('edit.failed', { reason: error.message })),
    }),
  );

  return (
    <Modal opened onClose={onClose} title={t('edit.title', { row: line.rowNumber })} size="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('edit.intro')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberField
              control={form.control}
              name="quantity"
              label={t('edit.quantity')}
              required
              min={0}
              decimalScale={3}
              data-autofocus
            />
            <TextField control={form.control} name="unit" label={t('edit.unit')} />
            <TextField control={form.control} name="orderNumber" label={t('edit.orderNumber')} />
            <TextField
              control={form.control}
              name="manufacturerNumber"
              label={t('edit.manufacturerNumber')}
            />
            <TextField control={form.control} name="manufacturerName" label={t('edit.manufacturerName')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('edit.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('edit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
