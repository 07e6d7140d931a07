import type { FieldChange } from '@portal/domain/rules/change-diff';
import type { RequestActor } from '../../../auth/actor';
import type { Db, DbOrTx } from '../../../db/client';
import type { DomainEventEmitter } from '../../../events/domain-events';
import type { FileStorage } from '../../../files/storage';
import { recordChanges } from '../../audit';
import type { EnquiryEvents } from '../enquiry-events';

/** What every enquiry command needs: the database, the file storage, and the bus its one event goes to. */
export interface EnquiryCommandDeps {
  db: Db;
  storage: FileStorage;
  events: DomainEventEmitter<EnquiryEvents>;
}

/** Entries of the enquiry's history. */
export function auditEnquiry(tx: DbOrTx, actor: RequestActor, id: string, changes: FieldChange[]) {
  return recordChanges(tx, { entityType: 'ENQUIRY', entityId: id, userId: actor.userId }, changes);
}
