import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { json, stubApi } from '../../../test/stub-api';
import { CONVERSATION_ID, ENQUIRY_ID, message, summary } from '../test/chat-fixtures';
import { ChatPanel, type ChatScope } from './ChatPanel';

afterEach(() => vi.unstubAllGlobals());

const LIST = 'GET /api/conversation/';
const CREATE = 'POST /api/conversation/';
const MESSAGES = 'GET /api/conversation/message';
const READ_ALL = 'POST /api/conversation/message/read/all';
const OTHER_ID = '99999999-9999-4999-8999-999999999999';

function renderPanel(side: 'CUSTOMER' | 'SUPPLIER', scope: ChatScope = { enquiryId: ENQUIRY_ID }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <ChatPanel scope={scope} side={side} opened onClose={() => {}} />
    </QueryClientProvider>,
  );
}

const messagesOf = (id: string) =>
  json({
    conversation: summary({ id }),
    messages: [message({ conversationId: id, readDate: '2026-11-20T09:20:00.000Z' })],
    hasMore: false,
    copyTarget: null,
  });

describe('ChatPanel (SPEC §2 chat side panel, §4)', { timeout: 30_000 }, () => {
  it('a supplier without a conversation starts one by opening the panel', async () => {
    const api = stubApi({
      [LIST]: () => json({ conversations: [] }),
      [CREATE]: () => json(summary({ lastMessage: null, lastMessageAt: null, unread: 0 }), 201),
      [MESSAGES]: () => json({ conversation: summary(), messages: [], hasMore: false, copyTarget: null }),
    });
    renderPanel('SUPPLIER');
    expect(await screen.findByTestId('conversation-view')).toBeInTheDocument();
    expect(api.calls(CREATE)).toHaveLength(1);
    expect(api.calls(CREATE)[0]!.body).toEqual({ enquiryId: ENQUIRY_ID });
    expect(api.calls(LIST)[0]!.url.searchParams.get('enquiryId')).toBe(ENQUIRY_ID);
    expect(await screen.findByText('Noch keine Nachrichten. Schreiben Sie die erste.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Senden/ })).toBeInTheDocument();
  });

  it('a supplier opens its existing conversation without creating another', async () => {
    const api = stubApi({
      [LIST]: () => json({ conversations: [summary({ offerId: '55555555-5555-4555-8555-555555555555' })] }),
      [MESSAGES]: () => messagesOf(CONVERSATION_ID),
      [READ_ALL]: () => json({ marked: 0 }),
    });
    renderPanel('SUPPLIER', { offerId: '55555555-5555-4555-8555-555555555555' });
    expect(await screen.findByTestId('conversation-view')).toBeInTheDocument();
    expect(api.calls(LIST)[0]!.url.searchParams.get('offerId')).toBe('55555555-5555-4555-8555-555555555555');
    expect(api.calls(CREATE)).toHaveLength(0);
  });

  it("on its offer, the supplier's chat of the enquiry is linked to the offer (the same conversation)", async () => {
    const offerId = '55555555-5555-4555-8555-555555555555';
    const api = stubApi({
      [LIST]: () => json({ conversations: [summary()] }),
      [CREATE]: () => json(summary({ offerId }), 200),
      [MESSAGES]: () => messagesOf(CONVERSATION_ID),
      [READ_ALL]: () => json({ marked: 0 }),
    });
    renderPanel('SUPPLIER', { offerId });
    expect(await screen.findByTestId('conversation-view')).toBeInTheDocument();
    await waitFor(() => expect(api.calls(CREATE)).toHaveLength(1));
    expect(api.calls(CREATE)[0]!.body).toEqual({ offerId });
  });

  it('a customer only sees existing conversations and never starts one', async () => {
    const api = stubApi({ [LIST]: () => json({ conversations: [] }) });
    renderPanel('CUSTOMER');
    expect(await screen.findByText(/Ein Gespräch beginnt der Lieferant/)).toBeInTheDocument();
    expect(api.calls(CREATE)).toHaveLength(0);
    expect(screen.queryByTestId('conversation-view')).not.toBeInTheDocument();
  });

  it("a customer picks one of its suppliers' conversations and goes back to the list", async () => {
    const api = stubApi({
      [LIST]: () =>
        json({
          conversations: [
            summary(),
            summary({
              id: OTHER_ID,
              companyName: 'Elektro Nord GmbH',
              supplierName: 'Elektro Nord GmbH',
              lastMessage: {
                content: 'Angebot folgt morgen.',
                hasFile: false,
                sender: { userId: 'u-nina', fullName: 'Nina Nord', companyName: 'Elektro Nord GmbH' },
                createdAt: '2026-11-21T07:00:00.000Z',
                own: false,
                readDate: '2026-11-21T08:00:00.000Z',
              },
              unread: 0,
            }),
          ],
        }),
      [MESSAGES]: (_init, url) => messagesOf(url.searchParams.get('conversationId')!),
      [READ_ALL]: () => json({ marked: 0 }),
    });
    const user = userEvent.setup();
    renderPanel('CUSTOMER');
    const entries = await screen.findAllByTestId('conversation-entry');
    expect(entries).toHaveLength(2);
    // Only the first one's last message is unread.
    expect(screen.getAllByTestId('unread-mark')).toHaveLength(1);
    expect(entries[0]).toContainElement(screen.getByTestId('unread-mark'));
    await user.click(entries[1]!);
    expect(await screen.findByTestId('conversation-view')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls(MESSAGES).at(-1)!.url.searchParams.get('conversationId')).toBe(OTHER_ID),
    );
    await user.click(screen.getByRole('button', { name: 'Zurück zu den Gesprächen' }));
    expect(await screen.findAllByTestId('conversation-entry')).toHaveLength(2);
    expect(api.calls(CREATE)).toHaveLength(0);
  });
});
