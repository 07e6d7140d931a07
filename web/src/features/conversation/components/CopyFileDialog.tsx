import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { FileType } from '@portal/domain/enums';
import { fileTypesFor, proposeFileType } from '@portal/domain/rules/file-type';
import type { ChatMessage } from '@portal/domain/schemas/conversation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCopyMessageFile } from '../api/copy-message-file';

/** SPEC §6: an attachment becomes a file of the offer (supplier) or the enquiry draft (customer), with a type. */
export function CopyFileDialog({
  message,
  target,
  onClose,
}: {
  message: ChatMessage | null;
  target: 'OFFER' | 'ENQUIRY';
  onClose(): void;
}) {
  const { t } = useTranslation('conversation');
  const { t: tc } = useTranslation();
  const copy = useCopyMessageFile();
  const filename = message?.file?.filename ?? '';
  const [chosen, setChosen] = useState<FileType | null>(null);
  const fileType = chosen ?? (filename ? proposeFileType(filename) : null);

  const handleCopy = () => {
    if (!message || !fileType) return;
    copy.mutate(
      { messageId: message.id, fileType },
      {
        onSuccess: () => {
          notify('FILE', 'copy', 'success');
          setChosen(null);
          onClose();
        },
        onError: (error) =>
          notify('FILE', 'copy', 'error', error instanceof ApiError ? error.message : undefined),
      },
    );
  };

  return (
    <Modal opened={message !== null} onClose={onClose} title={t('copyTitle')} zIndex={400}>
      <Stack>
        <Text size="sm">{t(target === 'OFFER' ? 'copyIntoOffer' : 'copyIntoEnquiry', { filename })}</Text>
        <Select
          label={t('fileType')}
          data={fileTypesFor(filename).map((type) => ({ value: type, label: tc(`fileType.${type}`) }))}
          value={fileType}
          onChange={(value) => setChosen(value as FileType | null)}
          allowDeselect={false}
          comboboxProps={{ zIndex: 500 }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={handleCopy} loading={copy.isPending} disabled={!fileType}>
            {t('copyConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
