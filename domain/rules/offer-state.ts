import type { FileType, OfferState } from '../enums';
import type { Actor } from '../permissions';
import { REJECTION_REASON_REQUIRED, REJECTION_TEXT_REQUIRED, type RejectionReason } from '../schemas/offer';
import { fileExtension } from './file-type';
import { OFFER_STATE_LABELS, type OfferStage, offerStage } from './offer-stage';
import { isOfferExpired, OFFER_EXPIRED_MESSAGE } from './offer-validity';

// The stages, labels and badges of an offer live in offer-stage.ts; they are part of this rule's face.
export * from './offer-stage';

/**
 * SPEC §4 offers, orders and jobs: who may do what with an offer in which state, as one
 * pure decision. The server runs it before every state-changing call and writes `next` (and, for a
 * revision, creates `revision`); the web app runs it to show or hide the buttons.
 *
 * Readings of the SPEC taken here:
 * - "Supplier user" / "customer user" are any user of the offer's supplier company / of the enquiry's
 *   customer company (admin flag or not). Users of every other company, the operator and externals are
 *   "others" and may do nothing (NOT_A_PARTY).
 * - Release, save, confirm and revise belong to the supplier; accept and decline to the customer. The wrong
 *   side is refused (OTHER_SIDE), as are a wrong state and a missing file or reason.
 * - An unreleased offer is the supplier's draft: the customer cannot act on it (NOT_RELEASED, as if it were
 *   not there) and it is edited directly, not revised ("in view mode", SPEC §4, means released).
 * - Saving is editing: only an unreleased offer is saved; after release the offer is read-only, like a
 *   released enquiry. ("Any change other than release first saves the offer" is the form's order of calls.)
 * - A revision is no status change of the old offer (its state stays), so the status-change rights do not
 *   apply to it: the supplier revises an OPEN or DECLINED offer; the old version is invalidated and fixed.
 * - A decline "goes to /order" in SPEC §4, but its own list rule puts DECLINED offers among the offers: a
 *   declined offer is back at the OFFER stage (its list, its links), and the web app goes to /order after it.
 * - An offer past its validity ("gültig bis", offer-validity.ts) cannot be accepted (EXPIRED); declining it
 *   stays possible, and the supplier may revise it into a new version with a new validity.
 * - An order file counts only when the customer's company uploaded it (the order binds the customer, SPEC
 *   §4 terms); the order confirmation counts as any ORDER_CONFIRMATION PDF of the offer.
 */

export const OFFER_ACTIONS = ['release', 'accept', 'decline', 'confirm', 'revise', 'save'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/** The offer's own fields that the actions change. */
export interface OfferStateFields {
  state: OfferState;
  released: boolean;
  /** ISO date-time of the release; null before. */
  releaseDate: string | null;
  invalidated: boolean;
  rejectionReason: RejectionReason | null;
  rejectionReasonIndividual: string | null;
}

/** What the decision needs to know of an offer (the server maps its row onto it). */
export interface OfferFacts extends OfferStateFields {
  version: number;
  archived: boolean;
  /** The supplier company that wrote the offer. */
  supplierId: string;
  /** The customer company of the offer's enquiry. */
  customerId: string;
  /** The last day the released offer binds its supplier (offer-validity.ts); null: no limit set yet. */
  validUntil?: string | null;
}

export type OfferActorFacts = Pick<Actor, 'companyId' | 'companyType'>;

/** An uploaded file of the offer, with the company whose user uploaded it. */
export interface OfferFileFacts {
  filename: string;
  fileType: FileType;
  uploadedByCompanyId: string | null;
}

export interface OfferActionInputs {
  files?: readonly OfferFileFacts[];
  rejectionReason?: RejectionReason | null;
  rejectionReasonIndividual?: string | null;
  /** The time of the action (release date); now when absent. */
  now?: Date;
}

/** The first version of an offer after a revision (the server copies the old version's content into it). */
export interface OfferRevision extends OfferStateFields {
  version: number;
  archived: false;
}

/**
 * Why an action is refused: a decision, not an answer. The server maps each to its API error in one place
 * (offer-decision.ts); the web app hides or explains the button.
 */
export type OfferRefusal =
  /** The actor's company is neither the offer's supplier nor its customer. */
  | 'NOT_A_PARTY'
  /** The action belongs to the other side of the offer. */
  | 'OTHER_SIDE'
  /** The customer acting on the supplier's unreleased draft. */
  | 'NOT_RELEASED'
  | 'INVALIDATED'
  | 'ARCHIVED'
  /** Saving a released offer, releasing it again, or revising a draft. */
  | 'RELEASED_STATE'
  /** The offer's state (or the status-change rights in it) does not allow the action. */
  | 'WRONG_STATE'
  /** A needed file or reason is missing (`field` names it). */
  | 'MISSING_INPUT'
  /** Accepting an offer whose validity ("gültig bis") has passed. */
  | 'EXPIRED';

/** The refusals the web app still offers as a button: the dialog behind it asks for the missing part. */
export const OFFER_REFUSALS_ASKING_INPUT: readonly OfferRefusal[] = ['MISSING_INPUT'];

export type OfferDecision =
  | {
      ok: true;
      next: OfferStateFields;
      revision: OfferRevision | null;
      /** The stage the offer is at after the action (SPEC §4 "goes to"). */
      stage: OfferStage;
    }
  | { ok: false; reason: OfferRefusal; message: string; field?: string };

export type OfferRole = 'SUPPLIER' | 'CUSTOMER' | 'OTHER';

/** Which side of the offer the actor is on. */
export function offerRole(
  offer: Pick<OfferFacts, 'supplierId' | 'customerId'>,
  actor: OfferActorFacts,
): OfferRole {
  if (actor.companyType === 'SUPPLIER' && actor.companyId === offer.supplierId) return 'SUPPLIER';
  if (actor.companyType === 'CUSTOMER' && actor.companyId === offer.customerId) return 'CUSTOMER';
  return 'OTHER';
}

/**
 * SPEC §4 status-change rights: from OPEN only a customer user, from ACCEPTED only a supplier user, from
 * CONFIRMED either; from DECLINED nobody. No offer action leaves CONFIRMED yet, so that right has no
 * action yet (GET /offer/statechange keeps it for later).
 */
export function canChangeOfferState(state: OfferState, role: OfferRole): boolean {
  if (role === 'OTHER') return false;
  if (state === 'OPEN') return role === 'CUSTOMER';
  if (state === 'ACCEPTED') return role === 'SUPPLIER';
  return state === 'CONFIRMED';
}

/** SPEC §7 GET /offer/statechange?state: the action that moves `from` to `to`, or null for none. */
export function offerActionForStateChange(from: OfferState, to: OfferState): OfferAction | null {
  if (from === 'OPEN' && to === 'ACCEPTED') return 'accept';
  if (from === 'OPEN' && to === 'DECLINED') return 'decline';
  if (from === 'ACCEPTED' && to === 'CONFIRMED') return 'confirm';
  return null;
}

/** The supplier edits (saves, uploads to) its own offer while it is an unreleased, current, unarchived draft. */
export function canEditOffer(offer: OfferFacts, actor: OfferActorFacts): boolean {
  return offerRole(offer, actor) === 'SUPPLIER' && !offer.released && !offer.invalidated && !offer.archived;
}

export const MISSING_OFFER_FILE = 'Angebotsdatei fehlt';
export const MISSING_ORDER_FILE = 'Bestelldatei fehlt';
export const MISSING_ORDER_CONFIRMATION_FILE = 'Auftragsbestätigung fehlt';
export { REJECTION_REASON_REQUIRED, REJECTION_TEXT_REQUIRED };

const SUPPLIER_ACTIONS: readonly OfferAction[] = ['release', 'confirm', 'revise', 'save'];

/** The action as a German infinitive, for messages. */
const ACTION_VERBS: Record<OfferAction, string> = {
  release: 'freigeben',
  accept: 'annehmen',
  decline: 'ablehnen',
  confirm: 'bestätigen',
  revise: 'überarbeiten',
  save: 'speichern',
};

/** The action as a past participle, for "kann nicht … werden". */
const ACTION_PARTICIPLES: Record<OfferAction, string> = {
  release: 'freigegeben',
  accept: 'angenommen',
  decline: 'abgelehnt',
  confirm: 'bestätigt',
  revise: 'überarbeitet',
  save: 'gespeichert',
};

const refuse = (reason: OfferRefusal, message: string, field?: string): OfferDecision =>
  field ? { ok: false, reason, message, field } : { ok: false, reason, message };

const hasPdf = (files: readonly OfferFileFacts[], fileType: FileType, byCompanyId?: string) =>
  files.some(
    (file) =>
      file.fileType === fileType &&
      fileExtension(file.filename) === 'pdf' &&
      (byCompanyId === undefined || file.uploadedByCompanyId === byCompanyId),
  );

const inState = (offer: OfferFacts, action: OfferAction) =>
  refuse(
    'WRONG_STATE',
    `Ein Angebot im Status „${OFFER_STATE_LABELS[offer.state]}“ kann nicht ${ACTION_PARTICIPLES[action]} werden.`,
  );

/**
 * SPEC §4: may `actor` do `action` on `offer`, and what does the offer become. Checks in this order: the
 * side, the customer never on an unreleased offer, invalidated or archived, the state and the status-change
 * rights, the needed file or reason (the refusal's `reason` says which).
 */
export function decideOfferAction(
  offer: OfferFacts,
  actor: OfferActorFacts,
  action: OfferAction,
  inputs: OfferActionInputs = {},
): OfferDecision {
  const role = offerRole(offer, actor);
  if (role === 'OTHER') return refuse('NOT_A_PARTY', 'Sie haben keine Berechtigung für dieses Angebot.');
  const supplierAction = SUPPLIER_ACTIONS.includes(action);
  if (supplierAction && role !== 'SUPPLIER') {
    return refuse('OTHER_SIDE', `Nur der Lieferant kann das Angebot ${ACTION_VERBS[action]}.`);
  }
  if (!supplierAction && role !== 'CUSTOMER') {
    return refuse('OTHER_SIDE', `Nur der Kunde kann das Angebot ${ACTION_VERBS[action]}.`);
  }
  if (role === 'CUSTOMER' && !offer.released) {
    return refuse('NOT_RELEASED', 'Das Angebot ist noch nicht freigegeben.');
  }
  if (offer.invalidated) {
    return refuse(
      'INVALIDATED',
      'Diese Version des Angebots wurde überarbeitet und kann nicht mehr geändert werden.',
    );
  }
  if (offer.archived)
    return refuse('ARCHIVED', 'Das Angebot ist archiviert und kann nicht mehr geändert werden.');

  const files = inputs.files ?? [];
  const current: OfferStateFields = {
    state: offer.state,
    released: offer.released,
    releaseDate: offer.releaseDate,
    invalidated: offer.invalidated,
    rejectionReason: offer.rejectionReason,
    rejectionReasonIndividual: offer.rejectionReasonIndividual,
  };
  const done = (next: OfferStateFields, revision: OfferRevision | null = null): OfferDecision => ({
    ok: true,
    next,
    revision,
    stage: offerStage(next.state),
  });

  switch (action) {
    case 'save':
      if (offer.released)
        return refuse('RELEASED_STATE', 'Ein freigegebenes Angebot kann nicht mehr geändert werden.');
      return done(current);
    case 'release':
      if (offer.released) return refuse('RELEASED_STATE', 'Das Angebot ist bereits freigegeben.');
      if (!hasPdf(files, 'OFFER')) return refuse('MISSING_INPUT', MISSING_OFFER_FILE, 'offerFile');
      return done({
        ...current,
        state: 'OPEN',
        released: true,
        releaseDate: (inputs.now ?? new Date()).toISOString(),
      });
    case 'accept':
      if (offer.state !== 'OPEN' || !canChangeOfferState(offer.state, role)) return inState(offer, action);
      if (isOfferExpired({ released: offer.released, validUntil: offer.validUntil ?? null }, inputs.now)) {
        return refuse('EXPIRED', OFFER_EXPIRED_MESSAGE);
      }
      if (!hasPdf(files, 'ORDER', offer.customerId))
        return refuse('MISSING_INPUT', MISSING_ORDER_FILE, 'orderFile');
      return done({ ...current, state: 'ACCEPTED' });
    case 'decline': {
      if (offer.state !== 'OPEN' || !canChangeOfferState(offer.state, role)) return inState(offer, action);
      const reason = inputs.rejectionReason ?? null;
      if (!reason) return refuse('MISSING_INPUT', REJECTION_REASON_REQUIRED, 'rejectionReason');
      // The free text belongs to INDIVIDUAL only (as the technical options' free texts); else it is dropped.
      const text = reason === 'INDIVIDUAL' ? (inputs.rejectionReasonIndividual ?? '').trim() : '';
      if (reason === 'INDIVIDUAL' && !text) {
        return refuse('MISSING_INPUT', REJECTION_TEXT_REQUIRED, 'rejectionReasonIndividual');
      }
      return done({
        ...current,
        state: 'DECLINED',
        rejectionReason: reason,
        rejectionReasonIndividual: text || null,
      });
    }
    case 'confirm':
      if (offer.state !== 'ACCEPTED' || !canChangeOfferState(offer.state, role)) {
        return inState(offer, action);
      }
      if (!hasPdf(files, 'ORDER_CONFIRMATION')) {
        return refuse('MISSING_INPUT', MISSING_ORDER_CONFIRMATION_FILE, 'orderConfirmationFile');
      }
      return done({ ...current, state: 'CONFIRMED' });
    case 'revise':
      if (!offer.released) {
        return refuse(
          'RELEASED_STATE',
          'Ein nicht freigegebenes Angebot wird direkt bearbeitet, nicht überarbeitet.',
        );
      }
      if (offer.state !== 'OPEN' && offer.state !== 'DECLINED') return inState(offer, action);
      return done(
        { ...current, invalidated: true },
        {
          version: offer.version + 1,
          state: 'OPEN',
          released: false,
          releaseDate: null,
          invalidated: false,
          archived: false,
          rejectionReason: null,
          rejectionReasonIndividual: null,
        },
      );
  }
}
