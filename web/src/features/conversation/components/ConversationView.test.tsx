import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test/render';
import { json, stubApi } from '../../../test/stub-api';
import { CONVERSATION_ID, message, summary } from '../test/chat-fixtures';
import { ConversationView } from './ConversationView';

afterEach(() => vi.unstubAllGlobals());

const MESSAGES = 'GET /api/conversation/message';
const READ_ALL = 'POST /api/conversation/message/read/all';
const SEND = 'POST /api/conversation/message/send';
const COPY = 'GET /api/conversation/message/copyfile';

function renderView() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <ConversationView conversationId={CONVERSATION_ID} />
    </QueryClientProvider>,
  );
}

describe('ConversationView', { timeout: 30_000 }, () => {
  it("opening reads the other side's messages; own bubbles show whether the other side has read them", async () => {
    const api = stubApi({
      [MESSAGES]: () =>
        json({
          conversation: summary(),
          messages: [
            message({
              id: '44444444-4444-4444-8444-444444444444',
              own: true,
              senderId: 'me',
              userFullName: 'Klara Kunde',
              readDate: '2026-11-20T09:00:00.000Z',
            }),
            message(),
          ],
          hasMore: false,
          copyTarget: null,
        }),
      [READ_ALL]: () => json({ marked: 1 }),
    });
    renderView();
    const bubbles = await screen.findAllByTestId('chat-message');
    expect(bubbles.map((bubble) => bubble.getAttribute('data-own'))).toEqual(['ja', 'nein']);
    expect(bubbles[0]).toHaveTextContent('Gelesen');
    await waitFor(() => expect(api.calls(READ_ALL)).toHaveLength(1));
    expect(api.calls(READ_ALL)[0]!.body).toEqual({ conversationId: CONVERSATION_ID });
    expect(screen.queryByRole('button', { name: 'In Vorgang übernehmen' })).not.toBeInTheDocument();
  });

  it('sends the text with one attachment as multipart; opening reads once', async () => {
    const api = stubApi({
      [MESSAGES]: () => json({ conversation: summary(), messages: [], hasMore: false, copyTarget: null }),
      [SEND]: () => json(message({ own: true, content: 'Anbei der Plan' }), 201),
      [READ_ALL]: () => json({ marked: 0 }),
    });
    const user = userEvent.setup();
    renderView();
    expect(await screen.findByText('Noch keine Nachrichten. Schreiben Sie die erste.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Senden/ })).toBeDisabled();
    const input = screen.getByTestId('chat-input');
    expect(input).toHaveAttribute('rows', '3');
    await user.type(input, 'Anbei der Plan');
    const file = new File(['%PDF-1.7'], 'Plan.pdf', { type: 'application/pdf' });
    const picker = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(picker, file);
    expect(screen.getByTestId('chat-pending-file')).toHaveTextContent('Plan.pdf');
    await user.click(screen.getByRole('button', { name: /Senden/ }));
    await waitFor(() => expect(api.calls(SEND)).toHaveLength(1));
    const [, init] = api.fetchMock.mock.calls.find(([input]) => String(input).includes('/message/send'))!;
    const form = init!.body as FormData;
    expect(form.get('conversationId')).toBe(CONVERSATION_ID);
    expect(form.get('content')).toBe('Anbei der Plan');
    expect((form.get('file') as File).name).toBe('Plan.pdf');
    expect(api.calls(READ_ALL)).toHaveLength(1);
    await waitFor(() => expect(input).toHaveValue(''));
  });

  it('copies an attachment into the offer with the chosen file type', async () => {
    const api = stubApi({
      [MESSAGES]: () =>
        json({
          conversation: summary({ offerId: '55555555-5555-4555-8555-555555555555' }),
          messages: [
            message({ readDate: '2026-11-20T10:00:00.000Z', file: { filename: 'Plan.pdf', size: 2048 } }),
          ],
          hasMore: false,
          copyTarget: 'OFFER',
        }),
      [COPY]: () =>
        json(
          {
            target: 'OFFER',
            targetId: '55555555-5555-4555-8555-555555555555',
            fileId: '66666666-6666-4666-8666-666666666666',
            filename: 'Plan.pdf',
          },
          201,
        ),
    });
    const user = userEvent.setup();
    renderView();
    await user.click(await screen.findByRole('button', { name: 'In Vorgang übernehmen' }));
    expect(
      await screen.findByText('„Plan.pdf“ wird in die Dateien Ihres Angebots übernommen.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Dateityp' }));
    await user.click(await screen.findByRole('option', { name: 'NC-Daten' }));
    await user.click(screen.getByRole('button', { name: 'Übernehmen' }));
    await waitFor(() => expect(api.calls(COPY)).toHaveLength(1));
    const url = api.calls(COPY)[0]!.url;
    expect(url.searchParams.get('fileType')).toBe('NC_DATA');
    expect(await screen.findByText('Der Anhang wurde in die Dateien übernommen.')).toBeInTheDocument();
  });

  it('loads older messages before the newest 100', async () => {
    const api = stubApi({
      [MESSAGES]: (_init, url) =>
        url.searchParams.get('before')
          ? json({
              conversation: summary(),
              messages: [message({ id: '12121212-1212-4212-8212-121212121212', content: 'Ganz alte Frage' })],
              hasMore: false,
              copyTarget: null,
            })
          : json({
              conversation: summary(),
              messages: [message({ readDate: '2026-11-20T10:00:00.000Z' })],
              hasMore: true,
              copyTarget: null,
            }),
      [READ_ALL]: () => json({ marked: 0 }),
    });
    const user = userEvent.setup();
    renderView();
    await user.click(await screen.findByRole('button', { name: 'Ältere Nachrichten laden' }));
    expect(await screen.findByText('Ganz alte Frage')).toBeInTheDocument();
    const older = api.calls(MESSAGES).find((call) => call.url.searchParams.get('before'));
    expect(older!.url.searchParams.get('before')).toBe('2026-11-20T09:15:00.000Z');
    expect(screen.getAllByTestId('chat-message')[0]).toHaveTextContent('Ganz alte Frage');
    expect(screen.queryByRole('button', { name: 'Ältere Nachrichten laden' })).not.toBeInTheDocument();
  });
});
