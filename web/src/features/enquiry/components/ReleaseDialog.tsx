import { Alert, Button, Group, List, Modal, MultiSelect, Radio, Stack, Text } from '@mantine/core';
import type { EnquiryReleaseProblem } from '@portal/domain/rules/enquiry-status';
import type { EnquiryRecipients } from '@portal/domain/schemas/enquiry';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useEnquirySuppliers } from '../api/get-suppliers';
import { useReleaseEnquiry } from '../api/release-enquiry';

interface ReleaseDialogProps {
  opened: boolean;
  onClose(): void;
  enquiryId: string;
  /** `enquiryReleaseProblems` of the saved enquiry: while there are any, nothing is sent. */
  problems: EnquiryReleaseProblem[];
}

/**
 * SPEC §4 release with its recipients: first what is still missing ("Schaltplan fehlt", …),
 * else the choice of all active suppliers (default) or chosen supplier companies, then the call.
 */
export function ReleaseDialog({ opened, onClose, enquiryId, problems }: ReleaseDialogProps) {
  const { t } = useTranslation('enquiry');
  const [mode, setMode] = useState<EnquiryRecipients['mode']>('ALL');
  const [supplierIds, setSupplierIds] = useState<string[]>([]);
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const suppliers = useEnquirySuppliers(opened && problems.length === 0);
  const release = useReleaseEnquiry();
  const chosenMissing = mode === 'CHOSEN' && supplierIds.length === 0;

  const handleClose = () => {
    setServerProblems([]);
    onClose();
  };

  const handleRelease = () => {
    if (chosenMissing) return;
    const recipients: EnquiryRecipients = mode === 'ALL' ? { mode } : { mode, supplierIds };
    release.mutate(
      { enquiryId, recipients },
      {
        onSuccess: () => {
          notifySuccess(t('release.released'));
          handleClose();
        },
        onError: (error) => {
          const issues = error instanceof ApiError ? error.issues.map((issue) => issue.message) : [];
          setServerProblems(issues.length > 0 ? issues : [error.message]);
        },
      },
    );
  };

  const shownProblems = problems.length > 0 ? problems.map((problem) => problem.message) : serverProblems;

  return (
    <Modal opened={opened} onClose={handleClose} title={t('release.title')} centered size="lg">
      {problems.length > 0 ? (
        <Stack>
          <Alert color="yellow" title={t('release.problemsTitle')} data-testid="release-problems">
            <Text size="sm">{t('release.problemsText')}</Text>
            <List size="sm" mt="xs">
              {shownProblems.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              {t('release.cancel')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">{t('release.intro')}</Text>
          <Radio.Group
            label={t('release.recipients')}
            value={mode}
            onChange={(value) => setMode(value as EnquiryRecipients['mode'])}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="ALL" label={t('release.all')} />
              <Radio value="CHOSEN" label={t('release.chosen')} />
            </Stack>
          </Radio.Group>
          {mode === 'CHOSEN' && (
            <MultiSelect
              label={t('release.suppliers')}
              placeholder={t('release.suppliersPlaceholder')}
              data={(suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplier.name }))}
              value={supplierIds}
              onChange={setSupplierIds}
              searchable
              nothingFoundMessage={t('release.noSuppliers')}
              description={chosenMissing ? t('release.chooseOne') : undefined}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {serverProblems.length > 0 && (
            <Alert color="red" title={t('release.problemsTitle')}>
              <List size="sm">
                {serverProblems.map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              {t('release.cancel')}
            </Button>
            <Button onClick={handleRelease} loading={release.isPending} disabled={chosenMissing}>
              {t('release.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
