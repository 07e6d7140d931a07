import { Button, Checkbox, Modal, Stack, Switch, Table, Text } from '@mantine/core';
import { FOLDER_COMPANY_TYPES } from '@portal/domain/permissions-folder';
import type {
  FolderResponse,
  FolderSettings,
  FolderSettingsBody,
} from '@portal/domain/schemas/business-data';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EditConflictAlert, useEditConflict } from '../../../components/edit-conflict';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { folderQueryKey } from '../api/folder-keys';
import { fetchFolder } from '../api/get-folder';
import { useSaveFolderSettings } from '../api/save-folder-settings';
import { useFolderT } from '../business-data-i18n';
import { FolderPasswordForm } from './FolderPasswordForm';

type SettingsForm = Omit<FolderSettingsBody, 'folderId' | 'lastUpdate'>;

const toForm = (settings: FolderSettings): SettingsForm => ({
  types: settings.types,
  allowExternal: settings.allowExternal,
  allowAnonymous: settings.allowAnonymous,
  anonymousWrite: settings.anonymousWrite,
});

/**
 * SPEC §2/§6 project settings: read/write per company type, invited external users, anonymous access with
 * a password. SPEC §4: turning anonymous access on while no password is set opens the password dialog,
 * which sets the password and the switch in one call.
 */
export function FolderSettingsView({
  folder,
  settings,
}: {
  folder: FolderResponse;
  settings: FolderSettings;
}) {
  const t = useFolderT();
  const { t: tc } = useTranslation();
  const save = useSaveFolderSettings();
  const [askPassword, setAskPassword] = useState(false);
  const form = useForm<SettingsForm>({ defaultValues: toForm(settings) });
  const queryClient = useQueryClient();
  // A saved password (from the dialog) or a saved change arrives as new settings; typing is kept.
  const edit = useEditConflict({
    form,
    record: settings,
    toForm,
    fields: [
      ...FOLDER_COMPANY_TYPES.flatMap((type) =>
        (['read', 'write'] as const).map((right) => ({
          name: `types.${type}.${right}`,
          label: t('settings.typeRight', { right: t(`settings.${right}`), type: tc(`companyType.${type}`) }),
        })),
      ),
      ...(['allowExternal', 'allowAnonymous', 'anonymousWrite'] as const).map((name) => ({
        name,
        label: t(`settings.${name}`),
      })),
    ],
    loadCurrent: async () => {
      const current = (await fetchFolder(folder.folderId)).settings;
      if (!current) throw new Error(t('settings.gone'));
      return current;
    },
    onReloaded: () => queryClient.invalidateQueries({ queryKey: folderQueryKey(folder.folderId) }),
  });

  const handleSubmit = form.handleSubmit((values) =>
    save.mutate(
      { folderId: folder.folderId, lastUpdate: edit.lastUpdate() ?? settings.lastUpdate, ...values },
      {
        onSuccess: (saved) => {
          if (saved.settings) edit.saved(saved.settings);
          notifySuccess(t('settings.saved'));
        },
        onError: (error) => {
          if (!edit.catchConflict(error)) notifyError(error.message);
        },
      },
    ),
  );

  // The dialog's form stays outside this one: React passes submit events up through portals.
  return (
    <>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <EditConflictAlert edit={edit} />
          <Text size="sm" c="dimmed">
            {t('settings.intro')}
          </Text>
          <Table maw={420} withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.companyType')}</Table.Th>
                <Table.Th>{t('settings.read')}</Table.Th>
                <Table.Th>{t('settings.write')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {FOLDER_COMPANY_TYPES.map((type) => (
                <Table.Tr key={type}>
                  <Table.Td>{tc(`companyType.${type}`)}</Table.Td>
                  {(['read', 'write'] as const).map((right) => (
                    <Table.Td key={right}>
                      <Controller
                        control={form.control}
                        name={`types.${type}.${right}`}
                        render={({ field }) => (
                          <Checkbox
                            aria-label={t('settings.typeRight', {
                              right: t(`settings.${right}`),
                              type: tc(`companyType.${type}`),
                            })}
                            checked={!!field.value}
                            onChange={(event) => field.onChange(event.currentTarget.checked)}
                          />
                        )}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Controller
            control={form.control}
            name="allowExternal"
            render={({ field }) => (
              <Switch
                label={t('settings.allowExternal')}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="allowAnonymous"
            render={({ field }) => (
              <Switch
                label={t('settings.allowAnonymous')}
                checked={field.value}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  if (on && !settings.passwordSet) setAskPassword(true);
                  else field.onChange(on);
                }}
              />
            )}
          />
          <Controller
            control={form.control}
            name="anonymousWrite"
            render={({ field }) => (
              <Switch
                label={t('settings.anonymousWrite')}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
          <div>
            <Button type="submit" loading={save.isPending}>
              {t('settings.save')}
            </Button>
          </div>
        </Stack>
      </form>
      <Modal
        opened={askPassword}
        onClose={() => setAskPassword(false)}
        title={t('password.dialogTitle')}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">{t('password.dialogIntro')}</Text>
          <FolderPasswordForm
            folderId={folder.folderId}
            allowAnonymous
            onDone={() => {
              form.setValue('allowAnonymous', true);
              setAskPassword(false);
            }}
            onCancel={() => setAskPassword(false)}
          />
        </Stack>
      </Modal>
    </>
  );
}
