import { purchasePricePerPiece } from '@portal/domain/rules/article-price';
import type { ArticleResponse, ArticleValues } from '@portal/domain/schemas/article';
import type { ChangeEntry } from '@portal/domain/schemas/change-entry';
import type { ArticleColumns, ArticleDetailRow } from './article.repository';

/** The form's values as table columns (SPEC's eclass9_1Id is the column eclass_id). */
export function toArticleColumns(values: ArticleValues, manufacturerId: string): ArticleColumns {
  const {
    wholesalerInfos: _wholesalerInfos,
    possibleOrderNumbers: _orderNumbers,
    possibleManufacturerNumbers: _manufacturerNumbers,
    eclass9_1Id,
    manufacturerId: _manufacturerId,
    ...rest
  } = values;
  return { ...rest, manufacturerId, eclassId: eclass9_1Id };
}

export function toArticleResponse(
  row: ArticleDetailRow,
  changeEntries: ChangeEntry[],
  catalog: Pick<ArticleResponse, 'classes' | 'catalogReferences'> = { classes: [], catalogReferences: [] },
): ArticleResponse {
  return {
    id: row.id,
    manufacturerId: row.manufacturerId,
    manufacturerName: row.manufacturerName,
    manufacturerNumber: row.manufacturerNumber,
    orderNumber: row.orderNumber,
    erpNumber: row.erpNumber,
    manufacturerLink: row.manufacturerLink,
    description: row.description,
    deliveryTime: row.deliveryTime,
    unitId: row.unitId,
    unitName: row.unitName,
    packagingUnitSize: row.packagingUnitSize,
    priceUnitSize: row.priceUnitSize,
    orderQuantityUnitSize: row.orderQuantityUnitSize,
    minimumOrderQuantityUnitSize: row.minimumOrderQuantityUnitSize,
    width: row.width,
    height: row.height,
    depth: row.depth,
    weight: row.weight,
    purchasePrice: row.purchasePrice,
    listPrice: row.listPrice,
    discountGroupId: row.discountGroupId,
    discountGroupName: row.discountGroupName,
    discountPercent: row.discountPercent,
    eclass9_1Id: row.eclassId,
    eclassNumber: row.eclassNumber,
    eclassDescription: row.eclassDescription,
    classes: catalog.classes,
    catalogReferences: catalog.catalogReferences,
    eanNumber: row.eanNumber,
    surchargeCode: row.surchargeCode,
    copperCode: row.copperCode,
    copperBaseValue: row.copperBaseValue,
    copperWeight: row.copperWeight,
    customsTarifNumber: row.customsTarifNumber,
    countryOfOriginAbbreviation: row.countryOfOriginAbbreviation,
    rohs: row.rohs,
    image: row.image,
    articleImportSource: row.articleImportSource,
    wholesalerInfos: row.wholesalerInfos,
    possibleOrderNumbers: row.possibleOrderNumbers,
    possibleManufacturerNumbers: row.possibleManufacturerNumbers,
    calculatedPurchasePricePerPiece: purchasePricePerPiece({
      purchasePrice: row.purchasePrice,
      listPrice: row.listPrice,
      priceUnitSize: row.priceUnitSize,
      discountPercent: row.discountPercent,
    }),
    changeEntries,
    createDate: row.createdAt.toISOString(),
    lastUpdate: row.updatedAt.toISOString(),
  };
}

/** The fields of the history panel (SPEC §3 changeEntries); references by name, lists as text. */
export const AUDITED_ARTICLE_FIELDS = [
  'manufacturer',
  'manufacturerNumber',
  'orderNumber',
  'erpNumber',
  'manufacturerLink',
  'description',
  'deliveryTime',
  'unit',
  'packagingUnitSize',
  'priceUnitSize',
  'orderQuantityUnitSize',
  'minimumOrderQuantityUnitSize',
  'width',
  'height',
  'depth',
  'weight',
  'purchasePrice',
  'listPrice',
  'discountGroup',
  'eclass',
  'eanNumber',
  'surchargeCode',
  'copperCode',
  'copperBaseValue',
  'copperWeight',
  'customsTarifNumber',
  'countryOfOriginAbbreviation',
  'rohs',
  'image',
  'possibleOrderNumbers',
  'possibleManufacturerNumbers',
  'wholesalerInfos',
] as const;

export type AuditedArticle = Record<(typeof AUDITED_ARTICLE_FIELDS)[number], unknown>;

/** Names of referenced records, for the history (a deleted reference shows its id). */
export interface ReferenceNames {
  manufacturers: Map<string, string>;
  units: Map<string, string>;
  discountGroups: Map<string, string>;
  eclass: Map<string, string>;
  wholesalers: Map<string, string>;
}

export interface AuditInput {
  columns: Omit<ArticleColumns, 'articleImportSource'>;
  possibleOrderNumbers: readonly string[];
  possibleManufacturerNumbers: readonly string[];
  wholesalerInfos: readonly {
    wholesalerId: string;
    orderNumber: string | null;
    purchasePrice: number | null;
  }[];
}

/** An article as the audit log compares it. */
export function auditView(input: AuditInput, names: ReferenceNames): AuditedArticle {
  const { manufacturerId, unitId, discountGroupId, eclassId, ...scalars } = input.columns;
  const name = (map: Map<string, string>, id: string | null | undefined) => (id ? (map.get(id) ?? id) : null);
  return {
    ...(scalars as Record<string, unknown>),
    manufacturer: name(names.manufacturers, manufacturerId),
    unit: name(names.units, unitId),
    discountGroup: name(names.discountGroups, discountGroupId),
    eclass: name(names.eclass, eclassId),
    possibleOrderNumbers: input.possibleOrderNumbers.join(', '),
    possibleManufacturerNumbers: input.possibleManufacturerNumbers.join(', '),
    wholesalerInfos: input.wholesalerInfos
      .map((info) =>
        [name(names.wholesalers, info.wholesalerId), info.orderNumber, info.purchasePrice]
          .filter((part) => part !== null && part !== undefined && part !== '')
          .join(' '),
      )
      .join('; '),
  } as AuditedArticle;
}
