import type { OfferStage } from '@portal/domain/rules/offer-state';
import type { RequestActor } from '../../../auth/actor';
import type { Db, DbOrTx } from '../../../db/client';
import type { DomainEventEmitter } from '../../../events/domain-events';
import type { FileStorage } from '../../../files/storage';
import { recordChanges } from '../../audit';
import type { FoundOffer, OfferRow } from '../offer.repository';
import type { OfferEvents, OfferTransition } from '../offer-events';

/** What every offer command needs: the database, the file storage, and the bus its one event goes to. */
export interface OfferCommandDeps {
  db: Db;
  storage: FileStorage;
  events: DomainEventEmitter<OfferEvents>;
}

/** One entry of the offer's history. */
export function auditOffer(
  tx: DbOrTx,
  actor: RequestActor,
  id: string,
  field: string,
  oldValue: string | null,
  newValue: string,
) {
  return recordChanges(tx, { entityType: 'OFFER', entityId: id, userId: actor.userId }, [
    { field, oldValue, newValue },
  ]);
}

/** The loaded offer (its names) with its row as the command left it: the payload of its event. */
export function transitionOf(found: FoundOffer, offer: OfferRow, stage: OfferStage): OfferTransition {
  return {
    offer,
    supplierName: found.supplierName,
    customerName: found.customerName,
    enquiryTitle: found.enquiryTitle,
    stage,
  };
}
