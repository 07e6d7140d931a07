import { type EclassEntry, eclassEntry, eclassPage } from '@portal/domain/schemas/eclass';
import type { FieldValueKind } from '../../field-values';

export const eclassKind: FieldValueKind<EclassEntry> = {
  base: 'eclass',
  route: '/fieldvalues/eclass',
  item: eclassEntry,
  page: eclassPage,
  idsKey: 'eclassIds',
  deletePath: '/eclass/delete/many',
  idParam: 'eclassMappingId',
};
