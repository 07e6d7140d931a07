import { canUploadOfferFile } from '@portal/domain/permissions';
import {
  canEditOffer,
  decideOfferAction,
  OFFER_REFUSALS_ASKING_INPUT,
  type OfferAction,
  type OfferFacts,
} from '@portal/domain/rules/offer-state';
import { isOfferExpired } from '@portal/domain/rules/offer-validity';
import { diffTechnicalSpec } from '@portal/domain/rules/technical-spec';
import { technicalSpecFieldLabel, technicalSpecValueLabel } from '@portal/domain/rules/technical-spec-labels';
import type {
  OfferAbilities,
  OfferFile,
  OfferListItem,
  OfferTechnicalChange,
} from '@portal/domain/schemas/offer';
import type { TechnicalSpec } from '@portal/domain/schemas/technical-spec';
import type { RequestActor } from '../../auth/actor';
import type { OfferFileRow, OfferRow } from './offer.repository';

/** Stored offers as the API answers them. */

/** The fields the pure state rules read (domain/rules/offer-state.ts). */
export function offerFacts(row: OfferRow): OfferFacts {
  return {
    state: row.state,
    released: row.released,
    releaseDate: row.releaseDate?.toISOString() ?? null,
    invalidated: row.invalidated,
    rejectionReason: row.rejectionReason,
    rejectionReasonIndividual: row.rejectionReasonIndividual,
    version: row.version,
    archived: row.archived,
    supplierId: row.supplierId,
    customerId: row.customerId,
    validUntil: row.validUntil,
  };
}

export function toOfferFile(row: OfferFileRow, supplierId: string): OfferFile {
  return {
    id: row.id,
    filename: row.filename,
    fileType: row.fileType,
    size: row.size,
    uploadedBy: row.uploadedByCompanyId === supplierId ? 'SUPPLIER' : 'CUSTOMER',
    createDate: row.createdAt.toISOString(),
  };
}

/** The technical fields the offer changed against the enquiry, as a person reads them. */
export function technicalChanges(enquiry: TechnicalSpec, offer: TechnicalSpec): OfferTechnicalChange[] {
  return diffTechnicalSpec(enquiry, offer).map((change) => ({
    field: change.field,
    label: technicalSpecFieldLabel(change.field),
    enquiryText: technicalSpecValueLabel(change.field, change.before),
    offerText: technicalSpecValueLabel(change.field, change.after),
  }));
}

/**
 * What the actor may do now. A button whose only obstacle is a missing file or reason is offered:
 * the dialog behind it asks for that file or reason.
 */
export function offerAbilities(row: OfferRow, actor: RequestActor): OfferAbilities {
  const facts = offerFacts(row);
  const may = (action: OfferAction) => {
    const decision = decideOfferAction(facts, actor, action);
    return decision.ok || OFFER_REFUSALS_ASKING_INPUT.includes(decision.reason);
  };
  const role = actor.companyType === 'SUPPLIER' ? 'SUPPLIER' : 'CUSTOMER';
  return {
    role,
    edit: canEditOffer(facts, actor),
    release: may('release'),
    accept: may('accept'),
    decline: may('decline'),
    confirm: may('confirm'),
    revise: may('revise'),
    uploadFiles: canUploadOfferFile(actor, row),
    archive: role === 'SUPPLIER' && !row.archived && row.state !== 'ACCEPTED',
  };
}

export function toOfferListItem(
  row: OfferRow,
  counterpartName: string,
  enquiryTitle: string,
  versions: OfferListItem['versions'] = [],
): OfferListItem {
  return {
    id: row.id,
    enquiryId: row.enquiryId,
    enquiryTitle,
    offerNumber: row.offerNumber,
    referenceNumber: row.referenceNumber,
    counterpartName,
    releaseDate: row.releaseDate?.toISOString() ?? null,
    state: row.state,
    version: row.version,
    versions,
    released: row.released,
    archived: row.archived,
    price: row.price,
    validUntil: row.validUntil,
    expired: isOfferExpired(row),
    createDate: row.createdAt.toISOString(),
  };
}
