import { ActionIcon, Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from '@portal/domain/rules/file-type';
import { IconPaperclip, IconSend, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkFile } from '../../../components/check-file';
import { ApiError } from '../../../lib/api-client';
import { notify, notifyWarning } from '../../../lib/notify';
import { useSendMessage } from '../api/send-message';

const ACCEPT = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`);

/** SPEC §2: a text box of 3 rows, one attachment (SPEC §5 upload rules), and "Senden". */
export function MessageComposer({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('conversation');
  const send = useSendMessage();
  const [content, setContent] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const handleFile = (chosen: File | null) => {
    if (!chosen) return;
    const refusal = checkFile(chosen, ACCEPT, MAX_UPLOAD_BYTES - 1);
    setProblem(refusal);
    if (refusal) {
      notifyWarning(refusal);
      return;
    }
    setFile(chosen);
  };

  const handleSend = () => {
    if (!content.trim() && !file) return;
    send.mutate(
      { conversationId, content: content.trim(), file },
      {
        onSuccess: () => {
          setContent('');
          setFile(null);
          setProblem(null);
        },
        onError: (error) =>
          notify('MESSAGE', 'create', 'error', error instanceof ApiError ? error.message : undefined),
      },
    );
  };

  return (
    <Stack gap={4}>
      <Textarea
        rows={3}
        placeholder={t('placeholder')}
        aria-label={t('placeholder')}
        value={content}
        onChange={(event) => setContent(event.currentTarget.value)}
        error={problem}
        maxLength={5000}
        data-testid="chat-input"
      />
      <Group justify="space-between" wrap="nowrap">
        <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
          <FileButton onChange={handleFile} accept={ACCEPT.join(',')}>
            {(props) => (
              <ActionIcon {...props} variant="subtle" aria-label={t('attach')} title={t('attach')}>
                <IconPaperclip size={18} />
              </ActionIcon>
            )}
          </FileButton>
          {file && (
            <>
              <Text size="xs" truncate data-testid="chat-pending-file">
                {file.name}
              </Text>
              <ActionIcon
                size="sm"
                variant="subtle"
                aria-label={t('removeAttachment')}
                onClick={() => setFile(null)}
              >
                <IconX size={14} />
              </ActionIcon>
            </>
          )}
        </Group>
        <Button
          rightSection={<IconSend size={16} />}
          onClick={handleSend}
          loading={send.isPending}
          disabled={!content.trim() && !file}
        >
          {t('send')}
        </Button>
      </Group>
    </Stack>
  );
}
