import { Button, Group, Modal, Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../lib/i18n';

export interface ConfirmActionOptions {
  /** Defaults to "Bitte bestätigen". */
  title?: ReactNode;
  message: ReactNode;
  onConfirm(): void;
  onCancel?(): void;
}

/** Asks a Ja/Nein question in a modal and runs `onConfirm` on "Ja"; returns the modal's id. */
export function confirmAction({ title, message, onConfirm, onCancel }: ConfirmActionOptions): string {
  return openConfirmModal({
    title: title ?? i18n.t('confirm.title'),
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: i18n.t('yes'), cancel: i18n.t('no') },
    onConfirm,
    onCancel,
  });
}

export interface ConfirmDialogProps {
  opened: boolean;
  /** Defaults to "Bitte bestätigen". */
  title?: ReactNode;
  message: ReactNode;
  onConfirm(): void;
  /** Also called when the dialog is closed with Escape, the close button or a click outside. */
  onCancel(): void;
  /** Shows the "Ja" button as busy while the confirmed action runs. */
  loading?: boolean;
}

/** The controlled form of `confirmAction`, for callers that keep the open state themselves. */
export function ConfirmDialog({ opened, title, message, onConfirm, onCancel, loading }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title ?? t('confirm.title')} centered>
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {t('no')}
        </Button>
        <Button onClick={onConfirm} loading={loading}>
          {t('yes')}
        </Button>
      </Group>
    </Modal>
  );
}
