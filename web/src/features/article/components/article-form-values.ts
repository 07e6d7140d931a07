import type { ArticleBody, ArticleResponse } from '@portal/domain/schemas/article';

/** The article form's values of a new article. */
export const EMPTY_ARTICLE: ArticleBody = {
  manufacturerId: null,
  manufacturerNumber: '',
  orderNumber: '',
  erpNumber: '',
  manufacturerLink: '',
  description: '',
  deliveryTime: null,
  unitId: null,
  packagingUnitSize: null,
  priceUnitSize: null,
  orderQuantityUnitSize: null,
  minimumOrderQuantityUnitSize: null,
  width: null,
  height: null,
  depth: null,
  weight: null,
  purchasePrice: null,
  listPrice: null,
  discountGroupId: null,
  eclass9_1Id: null,
  eanNumber: '',
  surchargeCode: '',
  copperCode: '',
  copperBaseValue: null,
  copperWeight: null,
  customsTarifNumber: '',
  countryOfOriginAbbreviation: '',
  rohs: null,
  image: '',
  wholesalerInfos: [],
  possibleOrderNumbers: [],
  possibleManufacturerNumbers: [],
};

/** The form's values of a loaded article (texts as '', lists as they are). */
export function toForm(article: ArticleResponse): ArticleBody {
  const text = (value: string | null) => value ?? '';
  return {
    ...EMPTY_ARTICLE,
    ...Object.fromEntries(
      Object.keys(EMPTY_ARTICLE).map((key) => [key, article[key as keyof ArticleResponse]]),
    ),
    manufacturerNumber: text(article.manufacturerNumber),
    orderNumber: text(article.orderNumber),
    erpNumber: text(article.erpNumber),
    manufacturerLink: text(article.manufacturerLink),
    description: text(article.description),
    eanNumber: text(article.eanNumber),
    surchargeCode: text(article.surchargeCode),
    copperCode: text(article.copperCode),
    customsTarifNumber: text(article.customsTarifNumber),
    countryOfOriginAbbreviation: text(article.countryOfOriginAbbreviation),
    image: text(article.image),
    wholesalerInfos: article.wholesalerInfos.map((info) => ({
      wholesalerId: info.wholesalerId,
      orderNumber: text(info.orderNumber),
      purchasePrice: info.purchasePrice,
    })),
  } as ArticleBody;
}
