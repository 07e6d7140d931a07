import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { summary } from '../test/chat-fixtures';
import { ConversationList } from './ConversationList';

describe('ConversationList: the unread marker', () => {
  it("shows '!' while the last message is unread, for incoming and for own messages, and not once read", async () => {
    const onOpen = vi.fn();
    const incoming = summary({ id: 'a' });
    const ownUnread = summary({
      id: 'b',
      lastMessage: { ...summary().lastMessage!, own: true, readDate: null },
    });
    const read = summary({
      id: 'c',
      lastMessage: { ...summary().lastMessage!, readDate: '2026-11-20T10:00:00.000Z' },
      unread: 0,
    });
    const empty = summary({ id: 'd', lastMessage: null, unread: 0 });
    renderWithProviders(
      <ConversationList conversations={[incoming, ownUnread, read, empty]} onOpen={onOpen} />,
    );
    const entries = screen.getAllByTestId('conversation-entry');
    expect(within(entries[0]!).getByTestId('unread-mark')).toHaveAccessibleName('Ungelesen');
    expect(within(entries[1]!).getByTestId('unread-mark')).toHaveAccessibleName('Noch nicht gelesen');
    expect(within(entries[2]!).queryByTestId('unread-mark')).not.toBeInTheDocument();
    expect(within(entries[3]!).queryByTestId('unread-mark')).not.toBeInTheDocument();
    expect(entries[0]).toHaveTextContent('Lars Lieferant (Schaltanlagen Liefer GmbH)');
    expect(entries[0]).toHaveTextContent('20.11.2026');
    expect(entries[3]).toHaveTextContent('Noch keine Nachricht');
    await userEvent.setup().click(entries[1]!);
    expect(onOpen).toHaveBeenCalledWith(ownUnread);
  });
});
