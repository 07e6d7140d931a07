import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { type OfferArticleLine, offerArticleUpdateBody } from '@portal/domain/schemas/offer';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EditConflictAlert, useEditConflict } from '../../../components/edit-conflict';
import { NumberField, TextareaField } from '../../../components/form';
import { formatNumber, formatPrice } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { CatalogArticlePicker } from '../../bom';
import { offerArticlesKey, useUpdateOfferArticle } from '../api/offer-articles';
import { useOfferT } from '../offer-i18n';
import {
  type AlternativeChoice,
  alternativeBody,
  initialAlternative,
  OfferAlternativeFields,
} from './OfferAlternativeFields';

/** What the dialog edits; the replacement and the alternative article are chosen beside the form. */
const articleValues = offerArticleUpdateBody.pick({
  quantity: true,
  pricePerPiece: true,
  deliveryTime: true,
  note: true,
  alternativePricePerPiece: true,
});
type Input = z.input<typeof articleValues>;
type Output = z.output<typeof articleValues>;

interface OfferArticleEditDialogProps {
  offerId: string;
  line: OfferArticleLine;
  onClose(): void;
  /** The line as it is now (after another person saved it meanwhile). */
  loadLine(): Promise<OfferArticleLine>;
}

const toValues = (line: OfferArticleLine): Input => ({
  quantity: line.quantity ?? (null as unknown as number),
  pricePerPiece: line.pricePerPiece,
  deliveryTime: line.deliveryTime ?? null,
  note: line.note ?? '',
  alternativePricePerPiece: line.alternative?.pricePerPiece ?? null,
});

/**
 * The supplier edits a line of its draft: quantity, price per piece (EUR, >= 0, cents),
 * a replacement article from the catalog (none chosen keeps the match), an alternative article with its own
 * price (OfferAlternativeFields) and a note. The contract's schema
 * checks the values with its German messages before anything is sent.
 */
export function OfferArticleEditDialog({ offerId, line, onClose, loadLine }: OfferArticleEditDialogProps) {
  const t = useOfferT();
  const update = useUpdateOfferArticle();
  const queryClient = useQueryClient();
  const [replacing, setReplacing] = useState(false);
  const [replacementId, setReplacementId] = useState<string | null>(null);
  const [alternative, setAlternative] = useState<AlternativeChoice>(() => initialAlternative(line));
  const [alternativeError, setAlternativeError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(articleValues),
    defaultValues: toValues(line),
  });
  const edit = useEditConflict({
    form,
    record: line,
    toForm: toValues,
    fields: [
      {
        name: 'quantity',
        label: t('articleEdit.quantity'),
        format: (value) => formatNumber(value as number, 3),
      },
      {
        name: 'pricePerPiece',
        label: t('articleEdit.pricePerPiece'),
        format: (value) => formatPrice(value as number),
      },
      { name: 'deliveryTime', label: t('articleEdit.deliveryTime') },
      { name: 'note', label: t('articleEdit.note') },
      {
        name: 'alternativePricePerPiece',
        label: t('alternative.pricePerPiece'),
        format: (value) => formatPrice(value as number),
      },
    ],
    loadCurrent: loadLine,
    onReloaded: () => queryClient.invalidateQueries({ queryKey: offerArticlesKey(offerId) }),
  });
  const numbers = [line.manufacturerName, line.orderNumber, line.manufacturerNumber, line.bmk]
    .filter(Boolean)
    .join(' / ');
  const matched = line.matchedArticle;

  const handleSubmit = form.handleSubmit(({ alternativePricePerPiece, ...values }) => {
    const offered = alternativeBody(line, alternative, alternativePricePerPiece);
    setAlternativeError(offered.missing ? t('alternative.missing') : null);
    if (offered.missing) return;
    update.mutate(
      {
        ...values,
        ...offered.body,
        offerId,
        lineId: line.id,
        lastUpdate: edit.lastUpdate() ?? line.lastUpdate,
        replacementArticleId: replacing ? replacementId : null,
      },
      {
        onSuccess: () => {
          notifySuccess(t('articleEdit.saved'));
          onClose();
        },
        onError: (error) => {
          if (!edit.catchConflict(error)) notifyError(t('articleEdit.failed', { reason: error.message }));
        },
      },
    );
  });

  return (
    <Modal opened onClose={onClose} title={t('articleEdit.title', { row: line.rowNumber })} size="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <EditConflictAlert edit={edit} />
          <Stack gap={2}>
            <Text size="sm">{t('articleEdit.line', { numbers: numbers || '–' })}</Text>
            <Text size="sm" c="dimmed">
              {matched
                ? t('articleEdit.matched', {
                    article: [matched.manufacturerName, matched.orderNumber ?? matched.manufacturerNumber]
                      .filter(Boolean)
                      .join(' · '),
                  })
                : t('articleEdit.notMatched')}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberField
              control={form.control}
              name="quantity"
              label={t('articleEdit.quantity')}
              required
              min={0}
              decimalScale={3}
              data-autofocus
            />
            <NumberField
              control={form.control}
              name="pricePerPiece"
              label={t('articleEdit.pricePerPiece')}
              min={0}
              step={0.01}
              decimalScale={2}
              fixedDecimalScale
            />
            <NumberField
              control={form.control}
              name="deliveryTime"
              label={t('articleEdit.deliveryTime')}
              description={t('articleEdit.deliveryTimeHint')}
              min={0}
              max={999}
              decimalScale={0}
              allowDecimal={false}
            />
          </SimpleGrid>
          <TextareaField control={form.control} name="note" label={t('articleEdit.note')} rows={3} />
          <Checkbox
            label={t('articleEdit.replace')}
            description={t('articleEdit.replaceHint')}
            checked={replacing}
            onChange={(event) => setReplacing(event.currentTarget.checked)}
          />
          {replacing && (
            <CatalogArticlePicker
              initialTerm={line.orderNumber ?? line.manufacturerNumber ?? ''}
              value={replacementId}
              onChange={setReplacementId}
              label={t('articleEdit.replaceSearch')}
              offerId={offerId}
            />
          )}
          <OfferAlternativeFields
            offerId={offerId}
            line={line}
            choice={alternative}
            onChange={setAlternative}
            error={alternativeError}
            priceField={
              <NumberField
                control={form.control}
                name="alternativePricePerPiece"
                label={t('alternative.pricePerPiece')}
                min={0}
                step={0.01}
                decimalScale={2}
                fixedDecimalScale
              />
            }
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('articleEdit.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('articleEdit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
