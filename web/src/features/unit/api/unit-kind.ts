import { type Unit, unit, unitPage } from '@portal/domain/schemas/unit';
import type { FieldValueKind } from '../../field-values';

export const unitKind: FieldValueKind<Unit> = {
  base: 'unit',
  route: '/fieldvalues/unit',
  item: unit,
  page: unitPage,
  idsKey: 'unitIds',
  entity: 'UNIT',
};
