import {
  decideOfferAction,
  type OfferAction,
  type OfferActionInputs,
  type OfferDecision,
  type OfferFileFacts,
} from '@portal/domain/rules/offer-state';
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

export type AllowedDecision = Extract<OfferDecision, { ok: true }>;

export function fileFacts(files: readonly OfferFileRow[]): OfferFileFacts[] {
  return files.map((file) => ({
    filename: file.filename,
    fileType: file.fileType,
    uploadedByCompanyId: file.uploadedByCompanyId,
  }));
}

/**
 * domain/rules/offer-state.ts on the server: the decision, or the refusal as an error (403 wrong side, 409
 * wrong state, 422 missing file or reason). `problems` are further missing parts of the same request (the
 * release's required fields); they are reported together with a missing file, so the user sees all at once.
 */
export function decided(
  row: OfferRow,
  actor: RequestActor,
  action: OfferAction,
  inputs: OfferActionInputs = {},
  problems: { path: string; message: string }[] = [],
): AllowedDecision {
  const decision = decideOfferAction(offerFacts(row), actor, action, inputs);
  if (!decision.ok && decision.status === 403) throw new AppError('OFFER_FORBIDDEN', decision.message);
  if (!decision.ok && decision.status === 409) throw new AppError('OFFER_STATE_CONFLICT', decision.message);
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
