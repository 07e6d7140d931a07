import { type DiscountGroup, discountGroup, discountGroupPage } from '@portal/domain/schemas/discount-group';
import type { FieldValueKind } from '../../field-values';

export const discountGroupKind: FieldValueKind<DiscountGroup> = {
  base: 'discountgroup',
  route: '/fieldvalues/discount',
  item: discountGroup,
  page: discountGroupPage,
  idsKey: 'discountGroupIds',
  entity: 'DISCOUNT_GROUP',
};
