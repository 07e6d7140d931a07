import { isOfferExpired } from '@portal/domain/rules/offer-validity';
import type { OfferResponse } from '@portal/domain/schemas/offer';
import type { RequestActor } from '../../auth/actor';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { listChanges } from '../audit';
import { allBomLines, estimateOf } from '../bom';
import { findEnquiry, findFiles, readTechnicalSpec } from '../enquiry';
import { offerAbilities, technicalChanges, toOfferFile } from './offer.mapper';
import {
  type FoundOffer,
  findFolderId,
  findOfferFiles,
  findVersions,
  type OfferRow,
} from './offer.repository';
import { offerTotals } from './offer-articles.repository';

/** The newest version of the lineage the actor may see. */
function latestVisible(versions: OfferRow[], actor: RequestActor, fallback: string): string {
  const visible = versions.filter((row) => actor.companyType === 'SUPPLIER' || row.released);
  return visible.at(-1)?.id ?? fallback;
}

/** SPEC §2 offer detail: the offer as its detail page shows it, for `actor`. */
export async function offerDetail(
  tx: DbOrTx,
  actor: RequestActor,
  found: FoundOffer,
): Promise<OfferResponse> {
  const { offer } = found;
  const enquiry = await findEnquiry(tx, offer.enquiryId);
  if (!enquiry) throw new AppError('NOT_FOUND');
  const [files, enquiryFiles, totals, lines, versions, changeEntries, folderId] = await Promise.all([
    findOfferFiles(tx, offer.id),
    findFiles(tx, offer.enquiryId),
    offerTotals(tx, offer.id),
    allBomLines(tx, { offerId: offer.id }),
    findVersions(tx, offer.lineageId),
    listChanges(tx, 'OFFER', offer.id),
    findFolderId(tx, offer.lineageId),
  ]);
  const enquirySpec = readTechnicalSpec(enquiry.enquiry.technicalSpec);
  const offerSpec = readTechnicalSpec(offer.technicalSpec);
  const changes = technicalChanges(enquirySpec, offerSpec);
  const estimate = estimateOf(
    lines,
    files.map((file) => file.fileType),
    offer.amount,
  );
  return {
    id: offer.id,
    lineageId: offer.lineageId,
    enquiryId: offer.enquiryId,
    enquiryTitle: found.enquiryTitle,
    supplierId: offer.supplierId,
    supplierName: found.supplierName,
    customerId: offer.customerId,
    customerName: found.customerName,
    state: offer.state,
    version: offer.version,
    released: offer.released,
    releaseDate: offer.releaseDate?.toISOString() ?? null,
    invalidated: offer.invalidated,
    archived: offer.archived,
    offerNumber: offer.offerNumber,
    referenceNumber: offer.referenceNumber,
    price: offer.price,
    deliveryCondition: offer.deliveryCondition,
    desiredDeliveryDate: offer.desiredDeliveryDate,
    amount: offer.amount,
    location: offer.location,
    additionalInfo: offer.additionalInfo,
    additionalInfoSupplier: offer.additionalInfoSupplier,
    rejectionReason: offer.rejectionReason,
    rejectionReasonIndividual: offer.rejectionReasonIndividual,
    validUntil: offer.validUntil,
    expired: isOfferExpired(offer),
    technicalSpec: offerSpec,
    enquiryOriginal: {
      technicalSpec: enquirySpec,
      price: enquiry.enquiry.price,
      deliveryCondition: enquiry.enquiry.deliveryCondition,
      desiredDeliveryDate: enquiry.enquiry.desiredDeliveryDate,
    },
    technicalChanges: changes,
    changesDetected: changes.length > 0,
    estimatedPrice: estimate ? { low: estimate.low, high: estimate.high } : null,
    files: files.map((file) => toOfferFile(file, offer.supplierId)),
    enquiryFiles: enquiryFiles.map((file) => ({
      id: file.id,
      filename: file.filename,
      fileType: file.fileType,
      size: file.size,
    })),
    articleTotals: totals,
    abilities: offerAbilities(offer, actor),
    latestVersionId: latestVisible(versions, actor, offer.id),
    createDate: offer.createdAt.toISOString(),
    lastUpdate: offer.updatedAt.toISOString(),
    changeEntries,
    folderId,
  };
}
