import { type Manufacturer, manufacturer, manufacturerPage } from '@portal/domain/schemas/manufacturer';
import type { FieldValueKind } from '../../field-values';

export const manufacturerKind: FieldValueKind<Manufacturer> = {
  base: 'manufacturer',
  route: '/fieldvalues/manufacturer',
  item: manufacturer,
  page: manufacturerPage,
  idsKey: 'manufacturerIds',
  entity: 'MANUFACTURER',
};
