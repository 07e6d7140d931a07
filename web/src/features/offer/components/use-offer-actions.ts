import type { OfferResponse } from '@portal/domain/schemas/offer';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useEditConflict } from '../../../components/edit-conflict';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangeOfferState } from '../api/change-offer-state';
import { fetchOffer, offerQueryKey } from '../api/get-offer';
import { useReviseOffer } from '../api/revise-offer';
import { useSaveOffer } from '../api/save-offer';
import { useOfferT } from '../offer-i18n';
import type { DeclineValues } from './DeclineOfferDialog';
import type { OfferFileStep } from './OfferFileStepDialog';
import { offerConflictFields } from './offer-conflict-fields';
import {
  OFFER_FORM_FIELDS,
  type OfferFormOutput,
  type OfferFormValues,
  toOfferBody,
  toOfferForm,
} from './offer-form-values';

type OfferForm = UseFormReturn<OfferFormValues, unknown, OfferFormOutput>;

const STEP_STATE = { accept: 'ACCEPTED', confirm: 'CONFIRMED' } as const;

/**
 * The buttons of the offer detail: save, release (422: the fields it names get their message, the rest are
 * listed as warnings), accept, decline, confirm and revise. Any action other than release saves first while
 * the offer may be edited (SPEC §4); a state change opens the offer in the list it now belongs to, a decline
 * goes to /order (SPEC §4). The form
 * follows the offer through `edit` (useEditConflict): a save based on an older version is refused with
 * CHANGED_MEANWHILE and shown in the form.
 */
export function useOfferActions(offer: OfferResponse | undefined, form: OfferForm) {
  const t = useOfferT();
  const navigate = useNavigate();
  const save = useSaveOffer();
  const changeState = useChangeOfferState();
  const revise = useReviseOffer();
  const [releaseProblems, setReleaseProblems] = useState<string[]>([]);
  const queryClient = useQueryClient();
  const edit = useEditConflict({
    form,
    record: offer,
    toForm: toOfferForm,
    fields: offerConflictFields(t),
    loadCurrent: () => fetchOffer(offer?.id ?? ''),
    onReloaded: (current) => queryClient.setQueryData(offerQueryKey(current.id), current),
  });

  const submit = (release: boolean, then?: (saved: OfferResponse) => void) =>
    form.handleSubmit((values) => {
      if (!offer) return;
      save.mutate(
        { body: toOfferBody(offer.id, edit.lastUpdate() ?? offer.lastUpdate, values), release },
        {
          onSuccess: (saved) => {
            edit.saved(saved);
            setReleaseProblems([]);
            notifySuccess(release ? t('detail.released') : t('detail.saved'));
            then?.(saved);
          },
          onError: (error) => {
            if (edit.catchConflict(error)) return;
            if (!release || !(error instanceof ApiError) || error.issues.length === 0) {
              notifyError(error.message);
              return;
            }
            const warnings: string[] = [];
            for (const issue of error.issues) {
              const field = OFFER_FORM_FIELDS.find((name) => name === issue.path);
              if (field) form.setError(field, { message: issue.message });
              else warnings.push(issue.message);
            }
            setReleaseProblems(warnings.length > 0 ? warnings : [error.message]);
          },
        },
      );
    })();

  /** Saves unsaved edits of an editable offer first, then runs `action`. */
  const afterSave = (action: () => void) => {
    if (offer?.abilities.edit && form.formState.isDirty) submit(false, () => action());
    else action();
  };

  /** `listAfter`: the list to go to instead of the offer in its new list (a decline, SPEC §4). */
  const stateChange = (
    query: Omit<Parameters<typeof changeState.mutate>[0], 'offerId'>,
    onDone: () => void,
    listAfter?: '/order',
  ) =>
    afterSave(() => {
      if (!offer) return;
      changeState.mutate(
        { offerId: offer.id, ...query },
        {
          onSuccess: ({ offer: changed, goTo }) => {
            notifySuccess(t(`detail.stateChanged.${changed.state}`));
            onDone();
            navigate(listAfter ?? `${goTo}/${changed.id}`);
          },
          onError: (error) => notifyError(error.message),
        },
      );
    });

  return {
    edit,
    saving: save.isPending,
    changing: changeState.isPending,
    revising: revise.isPending,
    releaseProblems,
    save: () => submit(false),
    release: () => submit(true),
    step: (step: OfferFileStep, onDone: () => void) => stateChange({ state: STEP_STATE[step] }, onDone),
    decline: (values: DeclineValues, onDone: () => void) =>
      stateChange(
        {
          state: 'DECLINED',
          rejectionReason: values.rejectionReason,
          rejectionReasonIndividual: values.rejectionReasonIndividual,
        },
        onDone,
        // SPEC §4: a decline "goes to /order" (the customer's orders), though the offer stays among the offers.
        '/order',
      ),
    revise: () =>
      afterSave(() => {
        if (!offer) return;
        revise.mutate(offer.id, {
          onSuccess: (created) => {
            notifySuccess(t('detail.revisedToast', { version: created.version }));
            navigate(`/offer/${created.id}`);
          },
          onError: (error) => notifyError(error.message),
        });
      }),
  };
}
