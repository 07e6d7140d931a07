import { Checkbox, Stack, Text } from '@mantine/core';
import { articleName } from '@portal/domain/rules/offer-alternative';
import type { OfferArticleLine } from '@portal/domain/schemas/offer';
import type { ReactNode } from 'react';
import { CatalogArticlePicker } from '../../bom';
import { useOfferT } from '../offer-i18n';

/** The dialog's choice: whether the line offers an alternative, and which article was picked in the search. */
export interface AlternativeChoice {
  offering: boolean;
  /** The article picked in this dialog; null keeps the line's current alternative. */
  articleId: string | null;
}

export const initialAlternative = (line: OfferArticleLine): AlternativeChoice => ({
  offering: !!line.alternative,
  articleId: null,
});

/**
 * What the save sends for the alternative: an article picked (or the current one kept) with its price, null to
 * remove the line's alternative, nothing when the line had none and none is offered. `missing`: offered, but no
 * article chosen yet.
 */
export function alternativeBody(
  line: OfferArticleLine,
  choice: AlternativeChoice,
  price: number | null | undefined,
): {
  body: { alternativeArticleId?: string | null; alternativePricePerPiece?: number | null };
  missing: boolean;
} {
  if (!choice.offering)
    return { body: line.alternative ? { alternativeArticleId: null } : {}, missing: false };
  const articleId = choice.articleId ?? line.alternative?.articleId ?? null;
  if (!articleId) return { body: {}, missing: true };
  return {
    body: { alternativeArticleId: articleId, alternativePricePerPiece: price ?? null },
    missing: false,
  };
}

interface OfferAlternativeFieldsProps {
  offerId: string;
  line: OfferArticleLine;
  /** The form's field of the alternative's price per piece. */
  priceField: ReactNode;
  choice: AlternativeChoice;
  onChange(choice: AlternativeChoice): void;
  /** Shown when the save found no article for an offered alternative. */
  error: string | null;
}

/**
 * The supplier offers another catalog article on the line (search as for a replacement) with its own price per
 * piece; the line keeps the customer's article and its price, and the customer sees both.
 */
export function OfferAlternativeFields(props: OfferAlternativeFieldsProps) {
  const { offerId, line, priceField, choice, onChange, error } = props;
  const t = useOfferT();
  const current = line.alternative;
  return (
    <Stack gap="xs">
      <Checkbox
        label={t('alternative.offer')}
        description={t('alternative.offerHint')}
        checked={choice.offering}
        onChange={(event) => onChange({ ...choice, offering: event.currentTarget.checked })}
      />
      {choice.offering && (
        <>
          {current && (
            <Text size="sm" data-testid="offer-alternative-current">
              {t('alternative.current', { article: articleName(current) })}
            </Text>
          )}
          <CatalogArticlePicker
            initialTerm={line.orderNumber ?? line.manufacturerNumber ?? ''}
            value={choice.articleId}
            onChange={(articleId) => onChange({ ...choice, articleId })}
            label={current ? t('alternative.searchOther') : t('alternative.search')}
            offerId={offerId}
          />
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          {priceField}
        </>
      )}
    </Stack>
  );
}
