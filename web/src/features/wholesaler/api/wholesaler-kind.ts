import { type Wholesaler, wholesaler, wholesalerPage } from '@portal/domain/schemas/wholesaler';
import type { FieldValueKind } from '../../field-values';

export const wholesalerKind: FieldValueKind<Wholesaler> = {
  base: 'wholesaler',
  route: '/fieldvalues/wholesaler',
  item: wholesaler,
  page: wholesalerPage,
  idsKey: 'wholesalerIds',
  entity: 'WHOLESALER',
};
