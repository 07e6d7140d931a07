import { Button, Indicator } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConversations } from '../api/get-conversations';
import { ChatPanel, type ChatScope } from './ChatPanel';

/**
 * The chat of an enquiry or offer page: a button with the count of unread messages that opens the side panel.
 * A notification's link (`?chat=<conversation>`) opens it right away.
 */
export function ChatButton({ scope, side }: { scope: ChatScope; side: 'CUSTOMER' | 'SUPPLIER' }) {
  const { t } = useTranslation('conversation');
  const [params, setParams] = useSearchParams();
  const linked = params.get('chat');
  const [opened, setOpened] = useState(linked !== null);
  const list = useConversations(scope);
  const unread = (list.data?.conversations ?? []).reduce((sum, conversation) => sum + conversation.unread, 0);

  const handleClose = () => {
    setOpened(false);
    if (linked !== null) {
      params.delete('chat');
      setParams(params, { replace: true });
    }
  };

  return (
    <>
      <Indicator label={unread} size={16} disabled={unread === 0} color="red">
        <Button
          variant="default"
          leftSection={<IconMessages size={16} />}
          onClick={() => setOpened(true)}
          data-testid="chat-button"
        >
          {unread > 0 ? t('openWithUnread', { count: unread }) : t('open')}
        </Button>
      </Indicator>
      <ChatPanel
        scope={scope}
        side={side}
        opened={opened}
        onClose={handleClose}
        initialConversationId={linked}
      />
    </>
  );
}
