import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Center, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { diffTechnicalSpec } from '@portal/domain/rules/technical-spec';
import { technicalSpecValueLabel } from '@portal/domain/rules/technical-spec-labels';
import { REJECTION_REASON_LABELS } from '@portal/domain/schemas/offer';
import type { TechnicalSpec } from '@portal/domain/schemas/technical-spec';
import {
  IconArrowLeft,
  IconCheck,
  IconDeviceFloppy,
  IconEdit,
  IconFolders,
  IconSend,
  IconThumbDown,
  IconThumbUp,
} from '@tabler/icons-react';
import { useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { PageProps } from '../../../app/page-props';
import { confirmAction } from '../../../components/ConfirmDialog';
import { EditConflictAlert } from '../../../components/edit-conflict';
import { TechnicalSpecSection } from '../../../components/technical-spec';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard';
import { formatDate } from '../../../lib/format';
import { ChatButton } from '../../conversation';
import { useOffer } from '../api/get-offer';
import { DeclineOfferDialog } from '../components/DeclineOfferDialog';
import { EnquiryValueNote } from '../components/EnquiryValueNote';
import { OfferArticlesTable } from '../components/OfferArticlesTable';
import { OfferBadges } from '../components/OfferBadges';
import { OfferDownloads } from '../components/OfferDownloads';
import { OfferFieldsSection } from '../components/OfferFieldsSection';
import { type OfferFileStep, OfferFileStepDialog } from '../components/OfferFileStepDialog';
import { OfferFilesPanel } from '../components/OfferFilesPanel';
import { OfferHistory } from '../components/OfferHistory';
import { OfferPricingPanel } from '../components/OfferPricingPanel';
import { OfferProjectData } from '../components/OfferProjectData';
import { OfferTerms } from '../components/OfferTerms';
import { OfferVersions } from '../components/OfferVersions';
import { type OfferFormOutput, type OfferFormValues, offerFormSchema } from '../components/offer-form-values';
import { useOfferActions } from '../components/use-offer-actions';
import { useOfferT } from '../offer-i18n';
import { type OfferListPath, offerListPath } from '../offer-paths';

/** The menu's names of one offer, order, job (common `pages.*`). */
const DETAIL_PAGES = {
  '/offer': 'pages.offerDetail',
  '/order': 'pages.orderDetail',
  '/job': 'pages.jobDetail',
} as const satisfies Record<OfferListPath, string>;

/**
 * SPEC §2 offer, order and job detail (`/offer/{id}`, `/order/{id}`, `/job/{id}`): project data, the
 * offer's fields and technical options with the enquiry's values beside them, files, job conditions,
 * versions and history; the supplier edits its draft, both sides act as `abilities` allow.
 */
export function OfferDetailPage({ params }: PageProps) {
  const t = useOfferT();
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const offer = useOffer(params.id ?? '');
  const data = offer.data;
  const form = useForm<OfferFormValues, unknown, OfferFormOutput>({
    // The form holds an empty number as null; the schema refuses what the API would refuse, with its message.
    resolver: zodResolver(offerFormSchema) as unknown as Resolver<OfferFormValues, unknown, OfferFormOutput>,
  });
  const actions = useOfferActions(data, form);
  const [step, setStep] = useState<OfferFileStep | null>(null);
  const [declining, setDeclining] = useState(false);
  const editable = !!data?.abilities.edit;
  const { confirmLeave } = useUnsavedChangesGuard(editable && form.formState.isDirty);
  const spec = useWatch({ control: form.control, name: 'technicalSpec' }) as TechnicalSpec | undefined;

  if (offer.isError) throw offer.error;
  if (!data || !spec) {
    return (
      <Center mih="40vh" aria-label={t('detail.loading')}>
        <Loader />
      </Center>
    );
  }

  const abilities = data.abilities;
  const listPath = offerListPath(data.state);
  const original = data.enquiryOriginal.technicalSpec as TechnicalSpec;
  const changed = new Set(diffTechnicalSpec(original, spec).map((change) => change.field as string));
  const changesDetected = changed.size > 0 || (!form.formState.isDirty && data.changesDetected);
  // SPEC §2: "{reference number} – Version {n}", the offer number beside it (a draft may not have one yet).
  const heading = t('detail.title', {
    reference: data.referenceNumber ?? data.enquiryTitle,
    version: data.version,
  });
  const kind = tc(DETAIL_PAGES[listPath]);
  const number = data.offerNumber
    ? t('detail.number', { kind, number: data.offerNumber })
    : t('detail.noNumber', { kind });
  const revised = data.latestVersionId !== data.id;

  const buttons = (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconArrowLeft size={16} />}
        onClick={() => confirmLeave(() => navigate(listPath))}
      >
        {t('detail.back')}
      </Button>
      {editable && (
        <Button leftSection={<IconDeviceFloppy size={16} />} onClick={actions.save} loading={actions.saving}>
          {t('detail.save')}
        </Button>
      )}
      {abilities.release && (
        <Button
          color="green"
          leftSection={<IconSend size={16} />}
          onClick={actions.release}
          loading={actions.saving}
        >
          {t('detail.release')}
        </Button>
      )}
      {abilities.accept && (
        <Button color="green" leftSection={<IconThumbUp size={16} />} onClick={() => setStep('accept')}>
          {t('detail.accept')}
        </Button>
      )}
      {abilities.decline && (
        <Button
          color="red"
          variant="light"
          leftSection={<IconThumbDown size={16} />}
          onClick={() => setDeclining(true)}
        >
          {t('detail.decline')}
        </Button>
      )}
      {abilities.confirm && (
        <Button leftSection={<IconCheck size={16} />} onClick={() => setStep('confirm')}>
          {t('detail.confirm')}
        </Button>
      )}
      {abilities.revise && (
        <Button
          variant="light"
          leftSection={<IconEdit size={16} />}
          loading={actions.revising}
          onClick={() => confirmAction({ message: t('detail.reviseConfirm'), onConfirm: actions.revise })}
        >
          {t('detail.revise')}
        </Button>
      )}
      <OfferDownloads offer={data} />
      <ChatButton scope={{ offerId: data.id }} side={data.abilities.role} />
      {data.folderId && (
        <Button
          variant="default"
          component={Link}
          to={`/business-data/${data.folderId}`}
          leftSection={<IconFolders size={16} />}
        >
          {tc('menu.businessData')}
        </Button>
      )}
    </Group>
  );

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} size="h2">
              {heading}
            </Title>
            <Text fw={500} data-testid="offer-number">
              {number}
            </Text>
            <OfferBadges offer={data} />
          </Group>
          {data.releaseDate && (
            <Text size="sm" c="dimmed">
              {t('versions.releasedAt', { date: formatDate(data.releaseDate) })}
            </Text>
          )}
        </Stack>
        {buttons}
      </Group>
      {revised && (
        <Alert color="yellow" title={t('detail.revised')} data-testid="offer-revised">
          <Anchor component={Link} to={`/offer/${data.latestVersionId}`}>
            {t('detail.openLatest')}
          </Anchor>
        </Alert>
      )}
      {data.archived && <Alert color="red">{t('detail.archived')}</Alert>}
      {data.state === 'DECLINED' && data.rejectionReason && (
        <Alert color="red" title={t('detail.rejection')} data-testid="offer-rejection">
          {REJECTION_REASON_LABELS[data.rejectionReason]}
          {data.rejectionReasonIndividual ? `: ${data.rejectionReasonIndividual}` : ''}
        </Alert>
      )}
      {!editable && !revised && (
        <Alert color="blue" data-testid="read-only-notice">
          {t('detail.readOnly')}
        </Alert>
      )}
      {actions.releaseProblems.length > 0 && (
        <Alert color="yellow" title={t('detail.releaseProblems')} data-testid="release-problems">
          <List size="sm">
            {actions.releaseProblems.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <EditConflictAlert edit={actions.edit} />
      <OfferProjectData offer={data} />
      <form onSubmit={(event) => event.preventDefault()} noValidate>
        <Stack>
          <OfferFieldsSection control={form.control} offer={data} readOnly={!editable} />
          <TechnicalSpecSection
            control={form.control}
            readOnly={!editable}
            hint={t('fields.technicalHint')}
            notice={
              changesDetected && (
                <Alert
                  color="orange"
                  mt="xs"
                  title={t('fields.changesDetected')}
                  data-testid="changes-detected"
                >
                  {t('fields.changesDetectedText')}
                </Alert>
              )
            }
            fieldNote={(field) => (
              <EnquiryValueNote
                value={technicalSpecValueLabel(field, original[field])}
                changed={changed.has(field)}
              />
            )}
          />
        </Stack>
      </form>
      <OfferFilesPanel offer={data} />
      <OfferPricingPanel
        offer={data}
        onUsePrice={editable ? (price) => form.setValue('price', price, { shouldDirty: true }) : undefined}
      />
      <OfferArticlesTable offer={data} />
      <OfferTerms />
      <OfferVersions offerId={data.id} />
      <OfferHistory entries={data.changeEntries} />
      <OfferFileStepDialog
        step={step}
        offer={data}
        loading={actions.changing}
        onClose={() => setStep(null)}
        onConfirm={(chosen) => actions.step(chosen, () => setStep(null))}
      />
      <DeclineOfferDialog
        opened={declining}
        offerId={data.id}
        loading={actions.changing}
        onClose={() => setDeclining(false)}
        onDecline={(values) => actions.decline(values, () => setDeclining(false))}
      />
    </Stack>
  );
}

export default OfferDetailPage;
