import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { canCreateEnquiry, canManageEnquiry, canWriteEnquiry } from '@portal/domain/permissions';
import { enquiryReleaseProblems } from '@portal/domain/rules/enquiry-status';
import type { EnquiryResponse } from '@portal/domain/schemas/enquiry';
import {
  IconArrowLeft,
  IconCopy,
  IconDeviceFloppy,
  IconFileDollar,
  IconFileText,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { PageProps } from '../../../app/page-props';
import { confirmAction } from '../../../components/ConfirmDialog';
import { EditConflictAlert, useEditConflict } from '../../../components/edit-conflict';
import { TechnicalSpecSection } from '../../../components/technical-spec';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { toActor, useSession } from '../../auth';
import { ChatButton } from '../../conversation';
import { OfferComparison, useOfferOfEnquiry, useOfferT } from '../../offer';
import { useArchiveEnquiries } from '../api/archive-enquiries';
import { useCloseEnquiry } from '../api/close-enquiry';
import { useCopyEnquiry } from '../api/copy-enquiry';
import { enquiryQueryKey, fetchEnquiry, useEnquiry } from '../api/get-enquiry';
import { useEnquiryBom } from '../api/get-enquiry-bom';
import { useSaveEnquiry } from '../api/save-enquiry';
import { BomPanel } from '../components/BomPanel';
import { EnquiryFilesPanel } from '../components/EnquiryFilesPanel';
import { EnquiryHistory } from '../components/EnquiryHistory';
import { EnquiryStatusBadge } from '../components/EnquiryStatusBadge';
import { enquiryConflictFields } from '../components/enquiry-conflict-fields';
import {
  type EnquiryFormValues,
  emptyEnquiryForm,
  enquiryFormSchema,
  toEnquiryBody,
  toEnquiryForm,
} from '../components/enquiry-form-values';
import { ProjectDataSection } from '../components/ProjectDataSection';
import { RecipientsText } from '../components/RecipientsText';
import { ReleaseDialog } from '../components/ReleaseDialog';

type FormOutput = z.output<typeof enquiryFormSchema>;

/**
 * SPEC §2 enquiry form (`/enquiry/new`, `/enquiry/{id}`): the customer edits a draft (saved at any time),
 * releases it to all or chosen suppliers, closes, reopens, copies and deletes (archives) it; suppliers and
 * everyone after release see it read-only, suppliers with "Angebot erstellen".
 */
export default function EnquiryFormPage({ params }: PageProps) {
  const { t } = useTranslation('enquiry');
  const navigate = useNavigate();
  const isNew = params.id === 'new';
  const actor = toActor(useSession().data);
  const enquiry = useEnquiry(isNew ? undefined : params.id);
  // The BOM panel's mapped BOM counts for the release (shares the panel's query, no extra call).
  const bom = useEnquiryBom(isNew ? undefined : params.id);
  const data = enquiry.data;
  const save = useSaveEnquiry();
  const closeEnquiry = useCloseEnquiry();
  const copy = useCopyEnquiry();
  const archive = useArchiveEnquiries();
  const [releaseOpen, setReleaseOpen] = useState(false);
  const form = useForm<EnquiryFormValues, unknown, FormOutput>({
    // The form holds an empty number as null where the API body has none; the schema refuses it with its message.
    resolver: zodResolver(enquiryFormSchema) as unknown as Resolver<EnquiryFormValues, unknown, FormOutput>,
    defaultValues: emptyEnquiryForm(),
  });

  const editable = isNew
    ? !!actor && canCreateEnquiry(actor)
    : !!actor && !!data && canWriteEnquiry(actor, data);
  const manageable = !isNew && !!actor && !!data && canManageEnquiry(actor, data);
  const isSupplier = actor?.companyType === 'SUPPLIER';
  // The supplier's own open offer on a released enquiry; for its customer, the offers to compare.
  const offerT = useOfferT();
  const offerOfEnquiry = useOfferOfEnquiry(data?.id, !!data?.released && (isSupplier || manageable));
  const ownOffer = offerOfEnquiry.data?.own ?? null;
  const canCreateOffer =
    isSupplier && !!data?.released && !data.closed && !data.archived && offerOfEnquiry.isSuccess && !ownOffer;
  const showComparison = manageable && !!data?.released && (offerOfEnquiry.data?.releasedOffers ?? 0) > 0;
  const dirty = editable && form.formState.isDirty;
  const { confirmLeave } = useUnsavedChangesGuard(dirty);

  // A refreshed record (an upload, a type change) keeps what is being typed; saving resets the form itself.
  const queryClient = useQueryClient();
  const edit = useEditConflict({
    form,
    record: data,
    toForm: toEnquiryForm,
    fields: enquiryConflictFields(),
    loadCurrent: () => fetchEnquiry(data?.id ?? ''),
    onReloaded: (current) => queryClient.setQueryData(enquiryQueryKey(current.id), current),
  });

  if (enquiry.isError) throw enquiry.error;
  if (!isNew && !data) {
    return (
      <Center mih="40vh" aria-label={t('form.loading')}>
        <Loader />
      </Center>
    );
  }

  const saveValues = (values: FormOutput, onSaved?: (saved: EnquiryResponse) => void) => {
    save.mutate(
      { id: isNew ? undefined : params.id, body: toEnquiryBody(values), lastUpdate: edit.lastUpdate() },
      {
        onSuccess: (saved) => {
          edit.saved(saved);
          notifySuccess(isNew ? t('form.created') : t('form.saved'));
          if (isNew) navigate(`/enquiry/${saved.id}`, { replace: true });
          onSaved?.(saved);
        },
        onError: (error) => {
          if (!edit.catchConflict(error)) notifyError(error.message);
        },
      },
    );
  };

  const handleSave = form.handleSubmit((values) => saveValues(values));

  // Unsaved changes are saved first, so that the release checks and sends what is on the screen.
  const handleReleaseClick = form.handleSubmit((values) => {
    if (form.formState.isDirty) saveValues(values, () => setReleaseOpen(true));
    else setReleaseOpen(true);
  });

  const handleClose = (close: boolean) => {
    if (!data) return;
    const run = () =>
      closeEnquiry.mutate(
        { enquiryId: data.id, close },
        {
          onSuccess: () => notifySuccess(close ? t('form.closed') : t('form.reopened')),
          onError: (error) => notifyError(error.message),
        },
      );
    if (close) confirmAction({ message: t('form.closeConfirm'), onConfirm: run });
    else run();
  };

  const handleCopy = () => {
    if (!data) return;
    confirmLeave(() =>
      copy.mutate(data.id, {
        onSuccess: (created) => {
          notifySuccess(t('form.copied'));
          form.reset(toEnquiryForm(created));
          navigate(`/enquiry/${created.id}`);
        },
        onError: (error) => notifyError(error.message),
      }),
    );
  };

  const handleDelete = () => {
    if (!data) return;
    confirmAction({
      message: t('form.deleteConfirm'),
      onConfirm: () =>
        archive.mutate([data.id], {
          onSuccess: (result) => {
            if (result.failed.length > 0) {
              notifyError(t('list.notAllDeleted'));
              return;
            }
            notifySuccess(t('form.deleted'));
            form.reset();
            navigate('/enquiry');
          },
          onError: (error) => notifyError(error.message),
        }),
    });
  };

  const readOnly = !editable;
  const problems = data
    ? enquiryReleaseProblems({ ...data, bomMapped: bom.data?.fieldMapping != null }, data.files)
    : [];
  const heading = isNew ? t('form.titleNew') : t('form.title', { title: data?.title ?? '' });

  const actions = (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconArrowLeft size={16} />}
        onClick={() => confirmLeave(() => navigate('/enquiry'))}
      >
        {t('form.back')}
      </Button>
      {editable && (
        <Button leftSection={<IconDeviceFloppy size={16} />} onClick={handleSave} loading={save.isPending}>
          {t('form.save')}
        </Button>
      )}
      {manageable && data && !data.released && !data.archived && (
        <Button color="green" leftSection={<IconSend size={16} />} onClick={handleReleaseClick}>
          {t('form.release')}
        </Button>
      )}
      {manageable && data?.released && !data.archived && (
        <Button variant="light" onClick={() => handleClose(!data.closed)} loading={closeEnquiry.isPending}>
          {data.closed ? t('form.reopen') : t('form.close')}
        </Button>
      )}
      {manageable && (
        <Button
          variant="light"
          leftSection={<IconCopy size={16} />}
          onClick={handleCopy}
          loading={copy.isPending}
        >
          {t('form.copy')}
        </Button>
      )}
      {manageable && data && !data.archived && (
        <Button color="red" variant="light" leftSection={<IconTrash size={16} />} onClick={handleDelete}>
          {t('form.delete')}
        </Button>
      )}
      {isSupplier && ownOffer && (
        <Button component={Link} to={`/offer/${ownOffer.id}`} leftSection={<IconFileText size={16} />}>
          {offerT('enquiry.openOwnOffer')}
        </Button>
      )}
      {canCreateOffer && data && (
        <Button component={Link} to={`/offer/new/${data.id}`} leftSection={<IconFileDollar size={16} />}>
          {t('form.createOffer')}
        </Button>
      )}
      {data?.released && (actor?.companyType === 'CUSTOMER' || actor?.companyType === 'SUPPLIER') && (
        <ChatButton scope={{ enquiryId: data.id }} side={actor.companyType} />
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
            {data && <EnquiryStatusBadge enquiry={data} />}
          </Group>
          {data && isSupplier && <Text c="dimmed">{t('form.from', { customer: data.customerName })}</Text>}
          {data?.releaseDate && (
            <Text size="sm" c="dimmed">
              {t('form.releasedAt', { date: formatDate(data.releaseDate) })}
            </Text>
          )}
          {data && <RecipientsText enquiry={data} />}
        </Stack>
        {actions}
      </Group>
      {data?.archived && <Alert color="red">{t('form.archivedNotice')}</Alert>}
      {data?.closed && !data.archived && <Alert color="gray">{t('form.closedNotice')}</Alert>}
      {data && readOnly && (
        <Alert color="blue" data-testid="read-only-notice">
          {isSupplier ? t('form.readOnlySupplier') : t('form.readOnlyReleased')}
        </Alert>
      )}
      {/* SPEC §2: customers create enquiries, suppliers view the form (here still empty). */}
      {isNew && readOnly && (
        <Alert color="blue" data-testid="read-only-notice">
          {t('form.readOnlyNew')}
        </Alert>
      )}
      {/* Once offers are there, they are what the customer came for: above the enquiry's own data. */}
      {showComparison && data && <OfferComparison enquiryId={data.id} />}
      <EditConflictAlert edit={edit} />
      <form onSubmit={handleSave} noValidate>
        <Stack>
          <ProjectDataSection control={form.control} readOnly={readOnly} />
          <TechnicalSpecSection control={form.control} readOnly={readOnly} />
        </Stack>
      </form>
      <EnquiryFilesPanel enquiryId={data?.id} files={data?.files ?? []} editable={editable} />
      <BomPanel enquiryId={data?.id} editable={editable} />
      {manageable && data && <EnquiryHistory entries={data.changeEntries} />}
      {editable && (
        <Group justify="flex-end">
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={handleSave} loading={save.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      )}
      {data && manageable && (
        <ReleaseDialog
          opened={releaseOpen}
          onClose={() => setReleaseOpen(false)}
          enquiryId={data.id}
          problems={problems}
        />
      )}
    </Stack>
  );
}
