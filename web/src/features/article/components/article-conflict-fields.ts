import type { ArticleBody, ArticleResponse } from '@portal/domain/schemas/article';
import type { ConflictField } from '../../../lib/edit-conflict';
import { formatNumber, formatPrice } from '../../../lib/format';
import i18n from '../../../lib/i18n';
import type { Option } from '../api/get-article-options';
import { EMPTY_ARTICLE } from './article-form-values';

type Label = (field: string) => string;

export interface ArticleChoices {
  manufacturers?: Option[];
  units?: Option[];
  discountGroups?: Option[];
  wholesalers?: Option[];
}

const labelOf = (options: Option[] | undefined, id: unknown) => options?.find((o) => o.value === id)?.label;

/**
 * The article form's fields for the conflict message (SPEC §8 CHANGED_MEANWHILE): each chosen id shows as the
 * name the form shows (the choice lists first, the record's own names as the fallback), wholesaler prices as
 * "Name Bestellnummer Preis".
 */
export function articleConflictFields(
  label: Label,
  choices: ArticleChoices,
): ConflictField<ArticleResponse>[] {
  const special: Partial<Record<keyof ArticleBody, ConflictField<ArticleResponse>['format']>> = {
    manufacturerId: (id, record) =>
      labelOf(choices.manufacturers, id) ?? (id === record.manufacturerId ? record.manufacturerName : '–'),
    unitId: (id, record) =>
      labelOf(choices.units, id) ?? (id === record.unitId ? (record.unitName ?? '–') : '–'),
    discountGroupId: (id, record) =>
      labelOf(choices.discountGroups, id) ??
      (id === record.discountGroupId ? (record.discountGroupName ?? '–') : '–'),
    eclass9_1Id: (id, record) =>
      id === record.eclass9_1Id
        ? [record.eclassNumber, record.eclassDescription].filter(Boolean).join(' – ') || '–'
        : i18n.t('editConflict.changed'),
    purchasePrice: (value) => formatPrice(value as number),
    listPrice: (value) => formatPrice(value as number),
    wholesalerInfos: (value, record) =>
      ((value ?? []) as NonNullable<ArticleBody['wholesalerInfos']>)
        .map((info) => {
          const name =
            labelOf(choices.wholesalers, info.wholesalerId) ??
            record.wholesalerInfos.find((known) => known.wholesalerId === info.wholesalerId)?.wholesalerName;
          return [name, info.orderNumber, info.purchasePrice == null ? null : formatPrice(info.purchasePrice)]
            .filter(Boolean)
            .join(' ');
        })
        .join('; ') || '–',
    weight: (value) => formatNumber(value as number, 6),
  };
  return (Object.keys(EMPTY_ARTICLE) as (keyof ArticleBody)[]).map((name) => ({
    name,
    label: label(name),
    format: special[name],
  }));
}
