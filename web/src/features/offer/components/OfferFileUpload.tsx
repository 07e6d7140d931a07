import { Alert, Button, Group, List, Select, Stack, Text } from '@mantine/core';
import type { FileType } from '@portal/domain/enums';
import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from '@portal/domain/rules/file-type';
import {
  type OfferDocumentFacts,
  offerFileTypesFor,
  proposeOfferFileType,
} from '@portal/domain/rules/offer-documents';
import { IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropzone } from '../../../components/FileDropzone';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUploadOfferFile } from '../api/upload-offer-file';
import { useOfferT } from '../offer-i18n';

const ACCEPT = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`);
const DRAFT: OfferDocumentFacts = { released: false, state: 'OPEN' };

interface Pending {
  key: string;
  file: File;
  fileType: FileType;
}

interface Failed {
  key: string;
  name: string;
  reason: string;
}

/**
 * Upload to an offer: the dropped files wait with their type (proposed from the name as on the enquiry,
 * chosen among those the extension allows, without the signed documents of the offer's state) until
 * "Hochladen". With `fileType` fixed (the order or order confirmation of a state action) a PDF uploads at
 * once with that type.
 */
export function OfferFileUpload({
  offerId,
  documents = DRAFT,
  fileType,
  label,
  onUploaded,
}: {
  offerId: string;
  /** The offer's release and state, which decide the types that are fixed (domain/rules/offer-documents). */
  documents?: OfferDocumentFacts;
  fileType?: FileType;
  label?: string;
  onUploaded?(): void;
}) {
  const t = useOfferT();
  const { t: tc } = useTranslation();
  const upload = useUploadOfferFile();
  const [pending, setPending] = useState<Pending[]>([]);
  const [failed, setFailed] = useState<Failed[]>([]);

  // A file leaves the waiting list either way: uploaded it is in the offer's files, refused it is named with
  // the reason below the drop zone (SPEC §5 inline error) and may be dropped again.
  const send = async (items: Pending[]) => {
    for (const item of items) {
      setFailed((current) => current.filter((other) => other.name !== item.file.name));
      try {
        await upload.mutateAsync({ offerId, file: item.file, fileType: item.fileType });
        notifySuccess(t('files.uploaded', { name: item.file.name }));
        onUploaded?.();
      } catch (error) {
        const reason = (error as Error).message;
        notifyError(t('files.uploadFailed', { name: item.file.name, reason }));
        setFailed((current) => [...current, { key: item.key, name: item.file.name, reason }]);
      } finally {
        setPending((current) => current.filter((other) => other.key !== item.key));
      }
    }
  };

  const handleFiles = (files: File[]) => {
    const items = files.map((file, index) => ({
      key: `${Date.now()}-${index}-${file.name}`,
      file,
      fileType: fileType ?? proposeOfferFileType(documents, file.name),
    }));
    if (fileType) void send(items);
    else setPending((current) => [...current, ...items]);
  };

  const setType = (key: string, value: FileType) =>
    setPending((current) => current.map((item) => (item.key === key ? { ...item, fileType: value } : item)));

  return (
    <Stack gap="xs">
      <FileDropzone
        accept={fileType ? ['.pdf'] : ACCEPT}
        maxSize={MAX_UPLOAD_BYTES - 1}
        multiple={!fileType}
        onFiles={handleFiles}
        loading={upload.isPending}
        label={label ?? t('files.dropzone')}
      />
      {failed.length > 0 && (
        <Alert
          color="red"
          title={t('files.notUploaded')}
          withCloseButton
          closeButtonLabel={t('files.dismissFailed')}
          onClose={() => setFailed([])}
          data-testid="offer-upload-failed"
        >
          <List size="sm">
            {failed.map((item) => (
              <List.Item key={item.key}>
                {t('files.failedItem', { name: item.name, reason: item.reason })}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {pending.map((item) => (
        <Group key={item.key} gap="xs" wrap="nowrap" data-testid="offer-pending-file">
          <Text size="sm" style={{ flex: 1, wordBreak: 'break-word' }}>
            {item.file.name}
          </Text>
          <Select
            size="xs"
            w={220}
            aria-label={t('files.typeFor', { name: item.file.name })}
            data={offerFileTypesFor(documents, item.file.name).map((type) => ({
              value: type,
              label: tc(`fileType.${type}`),
            }))}
            value={item.fileType}
            allowDeselect={false}
            onChange={(value) => value && setType(item.key, value as FileType)}
          />
          <Button
            size="xs"
            leftSection={<IconUpload size={14} />}
            loading={upload.isPending}
            onClick={() => void send([item])}
          >
            {t('files.upload')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            aria-label={`${t('files.cancel')}: ${item.file.name}`}
            onClick={() => setPending((current) => current.filter((other) => other.key !== item.key))}
          >
            <IconX size={14} />
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
