import {
  decideOfferAction,
  type OfferAction,
  type OfferActionInputs,
  type OfferDecision,
  type OfferFileFacts,
  type OfferRefusal,
  type OfferStage,
} from '@portal/domain/rules/offer-state';
import type { OfferStateChangeResponse } from '@portal/domain/schemas/offer';
import type { RequestActor } from '../../auth/actor';
import { AppError } from '../../errors';
import { offerFacts } from './offer.mapper';
import type { OfferFileRow, OfferRow } from './offer.repository';

const PARTICIPLES: Record<OfferAction, string> = {
  release: 'freigegeben',
  accept: 'angenommen',
  decline: 'abgelehnt',
  confirm: 'bestätigt',
  revise: 'überarbeitet',
  save: 'gespeichert',
};

/**
 * The one place where the rule's refusals become the API's answers (SPEC §8: the wrong side 403, the wrong
 * state 409, a missing file or reason 422; domain/errors.ts holds their statuses).
 */
const REFUSAL_ERRORS: Record<OfferRefusal, 'OFFER_FORBIDDEN' | 'OFFER_STATE_CONFLICT' | 'OFFER_INCOMPLETE'> =
  {
    NOT_A_PARTY: 'OFFER_FORBIDDEN',
    OTHER_SIDE: 'OFFER_FORBIDDEN',
    NOT_RELEASED: 'OFFER_FORBIDDEN',
    INVALIDATED: 'OFFER_STATE_CONFLICT',
    ARCHIVED: 'OFFER_STATE_CONFLICT',
    RELEASED_STATE: 'OFFER_STATE_CONFLICT',
    WRONG_STATE: 'OFFER_STATE_CONFLICT',
    MISSING_INPUT: 'OFFER_INCOMPLETE',
    EXPIRED: 'OFFER_STATE_CONFLICT',
  };

export type AllowedDecision = Extract<OfferDecision, { ok: true }>;

/** The web app's list of each stage (SPEC §2): the API's `goTo` and the links of mails and notifications. */
const STAGE_PATHS: Record<OfferStage, OfferStateChangeResponse['goTo']> = {
  OFFER: '/offer',
  ORDER: '/order',
  JOB: '/job',
};

export function offerPath(stage: OfferStage): OfferStateChangeResponse['goTo'] {
  return STAGE_PATHS[stage];
}

export function fileFacts(files: readonly OfferFileRow[]): OfferFileFacts[] {
  return files.map((file) => ({
    filename: file.filename,
    fileType: file.fileType,
    uploadedByCompanyId: file.uploadedByCompanyId,
  }));
}

/**
 * domain/rules/offer-state.ts on the server: the decision, or the refusal as an error (REFUSAL_ERRORS).
 * `problems` are further missing parts of the same request (the release's required fields); they are
 * reported together with a missing file, so the user sees all at once.
 */
export function decided(
  row: OfferRow,
  actor: RequestActor,
  action: OfferAction,
  inputs: OfferActionInputs = {},
  problems: { path: string; message: string }[] = [],
): AllowedDecision {
  const decision = decideOfferAction(offerFacts(row), actor, action, inputs);
  if (!decision.ok && REFUSAL_ERRORS[decision.reason] !== 'OFFER_INCOMPLETE') {
    throw new AppError(REFUSAL_ERRORS[decision.reason], decision.message);
  }
  const issues = [
    ...problems,
    ...(decision.ok ? [] : [{ path: decision.field ?? action, message: decision.message }]),
  ];
  if (issues.length > 0) {
    throw new AppError(
      'OFFER_INCOMPLETE',
      `Das Angebot kann noch nicht ${PARTICIPLES[action]} werden: ${issues.map((issue) => issue.message).join(', ')}.`,
      { issues },
    );
  }
  return decision as AllowedDecision;
}
