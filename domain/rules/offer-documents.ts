import type { FileType, OfferState } from '../enums';
import { defaultFileType, fileTypesFor, proposeFileType } from './file-type';

/**
 * SPEC §4: an offer's documents bind the side that gave them. Once the supplier releases the offer, its
 * offer file (OFFER) is what the customer accepts; once the customer accepts, its order (ORDER) is what the
 * supplier confirms; once the supplier confirms, the order confirmation (ORDER_CONFIRMATION) is the contract.
 * From then on nobody (either side, the operator neither) deletes or replaces such a file, whoever uploaded
 * it; a file of that type is not added either, since a second "offer" beside the accepted one would blur
 * which one was signed. Every other file of the offer follows the upload rights as before, and the project
 * folder is not concerned (it holds working files).
 *
 * One pure decision: the server asks it before deleting or attaching an offer file, the web app to hide
 * the delete button and the fixed types in the type choice.
 */

/** What the decision reads of an offer. */
export interface OfferDocumentFacts {
  released: boolean;
  state: OfferState;
}

export type SignedDocumentType = Extract<FileType, 'OFFER' | 'ORDER' | 'ORDER_CONFIRMATION'>;

/** Why a document is fixed: the refusal's message and the web app's tooltip. */
export const SIGNED_DOCUMENT_REASONS: Record<SignedDocumentType, string> = {
  OFFER:
    'Das Angebot ist freigegeben. Die Angebotsdatei ist damit verbindlich und kann nicht mehr gelöscht oder ersetzt werden.',
  ORDER:
    'Das Angebot ist angenommen. Die Bestellung ist damit verbindlich und kann nicht mehr gelöscht oder ersetzt werden.',
  ORDER_CONFIRMATION:
    'Der Auftrag ist bestätigt. Die Auftragsbestätigung ist damit verbindlich und kann nicht mehr gelöscht oder ersetzt werden.',
};

/** The document types that are fixed in this offer's state (oldest first). */
export function fixedOfferFileTypes(offer: OfferDocumentFacts): SignedDocumentType[] {
  const fixed: SignedDocumentType[] = [];
  if (offer.released) fixed.push('OFFER');
  if (offer.state === 'ACCEPTED' || offer.state === 'CONFIRMED') fixed.push('ORDER');
  if (offer.state === 'CONFIRMED') fixed.push('ORDER_CONFIRMATION');
  return fixed;
}

/** Is a file of this type fixed on this offer? */
export function isOfferFileFixed(offer: OfferDocumentFacts, fileType: FileType): boolean {
  return (fixedOfferFileTypes(offer) as FileType[]).includes(fileType);
}

/** The reason a file of this type can neither be deleted nor replaced, or null when it can. */
export function offerFileFixedReason(offer: OfferDocumentFacts, fileType: FileType): string | null {
  return isOfferFileFixed(offer, fileType) ? SIGNED_DOCUMENT_REASONS[fileType as SignedDocumentType] : null;
}

/** The types a new file of this name may still be given on this offer (its extension's, without the fixed ones). */
export function offerFileTypesFor(offer: OfferDocumentFacts, name: string): FileType[] {
  return fileTypesFor(name).filter((type) => !isOfferFileFixed(offer, type));
}

/**
 * The type proposed for a new file of this offer: the one its name suggests, unless that type is fixed
 * ("Angebot_Nachtrag.pdf" on an accepted order is no second offer), then the default of its extension.
 */
export function proposeOfferFileType(offer: OfferDocumentFacts, name: string): FileType {
  const proposed = proposeFileType(name);
  return isOfferFileFixed(offer, proposed) ? defaultFileType(name) : proposed;
}
