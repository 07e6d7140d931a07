import { type EclassEntry, eclassDetail, eclassEntry, eclassPage } from '@portal/domain/schemas/eclass';
import type { FieldValueKind } from '../../field-values';

export const eclassKind: FieldValueKind<EclassEntry> = {
  base: 'eclass',
  route: '/fieldvalues/eclass',
  item: eclassEntry,
  // SPEC §3: a save answers with the entry's change entries, so its history shows right after the save.
  saved: eclassDetail,
  page: eclassPage,
  idsKey: 'eclassIds',
  deletePath: '/eclass/delete/many',
  idParam: 'eclassMappingId',
};
