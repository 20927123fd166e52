import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeToken, renderApp } from '../../test/render';
import { CONNECT_REASON_TEXT } from '../../lib/text';
import { ackOk, FakeSocket } from './fake-socket';
import {
  BOB,
  CAROL,
  CHAT_1,
  CHAT_2,
  makeChat,
  makeMessage,
  makeParticipant,
  ME,
  serveApi,
} from './test-fixtures';

const sockets = vi.hoisted(() => [] as FakeSocket[]);
vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('./fake-socket');
  return {
    io: (...args: unknown[]) => {
      const socket = new FakeSocket(
        (typeof args[0] === 'string' ? args[1] : args[0]) as Record<string, unknown>,
      );
      sockets.push(socket);
      return socket;
    },
  };
});

const socket = () => sockets[sockets.length - 1]!;

// Whole-page tests type character by character; on a busy machine the defaults are too tight.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

const bobOnline = makeParticipant(BOB, { activity: { isOnline: true, lastActiveAt: null } });
const fromBob = makeMessage({
  chatId: CHAT_1,
  senderId: BOB,
  content: 'See you soon',
  timestamp: new Date().toISOString(),
});
const bobChat = makeChat({
  participants: [makeParticipant(ME), bobOnline],
  lastMessage: fromBob,
  unreadCount: 2,
});
const carolChat = makeChat({
  _id: CHAT_2,
  id: CHAT_2,
  participants: [makeParticipant(ME), makeParticipant(CAROL)],
});

async function openChatPage(routes: Parameters<typeof serveApi>[0] = {}, path = '/chat') {
  const fetchMock = serveApi({
    'GET /api/chats': () => jsonResponse([bobChat, carolChat]),
    [`GET /api/chats/${CHAT_1}/messages`]: () => jsonResponse([fromBob]),
    ...routes,
  });
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Messages' });
  await waitFor(() => expect(socket().connected).toBe(true));
  return { ...view, fetchMock };
}

async function openBob(view: Awaited<ReturnType<typeof openChatPage>>) {
  await view.user.click(await screen.findByRole('button', { name: /Bob Stone/ }));
  await screen.findByRole('heading', { level: 2, name: 'Bob Stone' });
  await screen.findByRole('list', { name: 'Messages' });
}

beforeEach(() => {
  localStorage.setItem('token', makeToken({ userId: ME }));
  sockets.length = 0;
  FakeSocket.holdConnect = false;
});

describe('ChatPage conversation list', () => {
  it('connects the socket with the token and lists conversations with their details', async () => {
    await openChatPage();
    expect(socket().options).toMatchObject({
      transports: ['websocket'],
      path: '/socket.io',
      reconnectionAttempts: 5,
      timeout: 20_000,
    });
    expect(socket().sentOf('authenticate')).toHaveLength(1);
    const bob = await screen.findByRole('button', { name: /Bob Stone/ });
    expect(within(bob).getByRole('img', { name: '2 unread messages' })).toHaveTextContent('2');
    expect(within(bob).getByRole('img', { name: 'online' })).toBeInTheDocument();
    expect(within(bob).getByText('See you soon')).toBeInTheDocument();
    const carol = screen.getByRole('button', { name: /Carol Jones/ });
    expect(within(carol).getByText('No messages yet')).toBeInTheDocument();
    expect(screen.getByText('Welcome to Messages')).toBeInTheDocument();
    expect(screen.getByText('Select a conversation to start messaging')).toBeInTheDocument();
  });

  it('searches by name and last message; Unread and Archive filter the list', async () => {
    const view = await openChatPage();
    await screen.findByRole('button', { name: /Bob Stone/ });
    const search = screen.getByPlaceholderText('Search messages...');
    await view.user.type(search, 'soon');
    expect(screen.queryByRole('button', { name: /Carol Jones/ })).not.toBeInTheDocument();
    await view.user.clear(search);
    await view.user.type(search, 'carol');
    expect(screen.queryByRole('button', { name: /Bob Stone/ })).not.toBeInTheDocument();
    await view.user.type(search, 'zzz');
    expect(screen.getByText('No conversations found')).toBeInTheDocument();
    await view.user.clear(search);

    await view.user.click(screen.getByRole('tab', { name: 'Unread' }));
    expect(screen.getByRole('tab', { name: 'Unread' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'false');
    // Bob's chat has 2 unread; Carol's none.
    expect(screen.getByRole('button', { name: /Bob Stone/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Carol Jones/ })).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('tab', { name: 'Archive' }));
    expect(screen.getByText('No conversations found')).toBeInTheDocument();
  });

  it('archives a chat from its menu: it leaves All for Archive', async () => {
    const puts: unknown[] = [];
    const view = await openChatPage({
      [`PUT /api/chats/${CHAT_1}/archive`]: (_url, init) => {
        puts.push(JSON.parse(String(init?.body)));
        return jsonResponse({ ...bobChat, isArchived: true });
      },
    });
    await view.user.click(await screen.findByRole('button', { name: /Bob Stone/ }));
    await view.user.click(screen.getByRole('button', { name: 'Chat options' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Archive Chat' }));
    await waitFor(() => expect(puts).toEqual([{ archived: true }]));
    const list = screen.getByRole('complementary', { name: 'Conversations' });
    expect(within(list).queryByRole('button', { name: /Bob Stone/ })).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('tab', { name: 'Archive' }));
    expect(within(list).getByRole('button', { name: /Bob Stone/ })).toBeInTheDocument();
  });

  it('shows the loading text, then the load error with the reason', async () => {
    let fail!: () => void;
    await openChatPage({
      'GET /api/chats': () =>
        new Promise((resolve) => {
          fail = () => resolve(jsonResponse({ message: 'Database down', code: 'INTERNAL' }, 503));
        }),
    });
    expect(screen.getByText('Loading conversations...')).toBeInTheDocument();
    // Placeholder rows in the list's shape say it, not a spinner.
    const skeleton = screen.getByText('Loading conversations...').closest('[data-skeleton]');
    expect(skeleton?.querySelectorAll('li')).toHaveLength(6);
    act(() => fail());
    expect(await screen.findByText('Failed to load conversations: Database down')).toBeInTheDocument();
  });
});

describe('ChatPage addresses', () => {
  it('a conversation has its own address: opening one goes to /chat/{id}, Back returns to the list', async () => {
    const view = await openChatPage();
    await openBob(view);
    expect(view.router.state.location.pathname).toBe(`/chat/${CHAT_1}`);
    await act(() => view.router.navigate(-1));
    expect(view.router.state.location.pathname).toBe('/chat');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Bob Stone' })).not.toBeInTheDocument(),
    );
  });

  it('/chat/{id} opens that conversation directly (a reload keeps it)', async () => {
    await openChatPage({}, `/chat/${CHAT_1}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Bob Stone' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Messages' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Messages' })).getByText(fromBob.content),
    ).toBeInTheDocument();
  });
});

describe('ChatPage open conversation', () => {
  it('opening a chat clears unread, loads messages, joins the room and marks them read', async () => {
    const view = await openChatPage();
    await openBob(view);
    expect(screen.getByText('Active now')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /unread message/ })).not.toBeInTheDocument();
    expect(socket().sentOf('join_chat')).toContain(CHAT_1);
    await waitFor(() =>
      expect(socket().sentOf('mark_message_read')).toContainEqual({ chatId: CHAT_1, messageId: fromBob._id }),
    );
  });

  it('sends on Enter with an optimistic entry that the server copy replaces', async () => {
    const view = await openChatPage();
    await openBob(view);
    let answer!: (ack: Promise<unknown>) => void;
    socket().onSend = (p) =>
      new Promise((resolve) => {
        answer = () =>
          resolve(
            ackOk(makeMessage({ chatId: p.chatId, senderId: ME, content: p.content, tempId: p.tempId })),
          );
      }) as never;
    const input = screen.getByPlaceholderText('Type a message...');
    await view.user.type(input, '  Hello Bob  {Enter}');
    expect(input).toHaveValue('');
    const messages = screen.getByRole('list', { name: 'Messages' });
    expect(within(messages).getByText('Hello Bob')).toBeInTheDocument();
    expect(within(messages).getByRole('img', { name: 'Sending' })).toBeInTheDocument();
    expect(socket().sentOf('send_message')[0]).toMatchObject({
      chatId: CHAT_1,
      content: 'Hello Bob',
      messageType: 'text',
    });
    expect(socket().sentOf('typing_start')).toEqual([{ chatId: CHAT_1 }]);
    expect(socket().sentOf('typing_stop')).toEqual([{ chatId: CHAT_1 }]);

    await act(async () => answer(Promise.resolve()));
    expect(await within(messages).findByRole('img', { name: 'Sent' })).toBeInTheDocument();
    expect(within(messages).getAllByText('Hello Bob')).toHaveLength(1);
  });

  it('a failed send removes the entry and puts the text back', async () => {
    const view = await openChatPage();
    await openBob(view);
    socket().onSend = () => Promise.resolve({ ok: false, message: 'Too many messages' });
    const input = screen.getByPlaceholderText('Type a message...');
    await view.user.type(input, 'second try{Enter}');
    expect(await screen.findByText('Failed to send message')).toBeInTheDocument();
    expect(input).toHaveValue('second try');
    expect(
      within(screen.getByRole('list', { name: 'Messages' })).queryByText('second try'),
    ).not.toBeInTheDocument();
  });

  it('Shift+Enter breaks the line and whitespace is never sent', async () => {
    const view = await openChatPage();
    await openBob(view);
    const input = screen.getByPlaceholderText('Type a message...');
    await view.user.type(input, 'a{Shift>}{Enter}{/Shift}b');
    expect(input).toHaveValue('a\nb');
    await view.user.clear(input);
    await view.user.type(input, '   {Enter}');
    expect(socket().sentOf('send_message')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
  });

  it('shows who is typing and the incoming message, then reads it', async () => {
    const view = await openChatPage();
    await openBob(view);
    act(() => socket().serverEmit('user_typing', { chatId: CHAT_1, userId: BOB, username: 'bob' }));
    expect(screen.getByText('Bob Stone is typing...')).toBeInTheDocument();
    const incoming = makeMessage({
      chatId: CHAT_1,
      senderId: BOB,
      content: 'Are you there?',
      timestamp: new Date(Date.now() + 5_000).toISOString(),
    });
    act(() => socket().serverEmit('new_message', incoming));
    expect(
      await within(screen.getByRole('list', { name: 'Messages' })).findByText('Are you there?'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Bob Stone is typing...')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(socket().sentOf('mark_message_read')).toContainEqual({
        chatId: CHAT_1,
        messageId: incoming._id,
      }),
    );
    expect(screen.queryByRole('img', { name: /unread message/ })).not.toBeInTheDocument();
  });

  it('a message to a closed chat raises its unread count and moves it first', async () => {
    const view = await openChatPage();
    await openBob(view);
    act(() =>
      socket().serverEmit('new_message', makeMessage({ chatId: CHAT_2, senderId: CAROL, content: 'Lunch?' })),
    );
    const first = () => within(screen.getByRole('tabpanel')).getAllByRole('button')[0]!;
    await waitFor(() => expect(first()).toHaveAccessibleName(expect.stringContaining('Carol Jones')));
    expect(within(first()).getByRole('img', { name: '1 unread message' })).toBeInTheDocument();
  });

  it('read receipts turn the single tick into a double tick', async () => {
    const mine = makeMessage({
      chatId: CHAT_1,
      senderId: ME,
      content: 'Mine',
      timestamp: new Date(Date.now() + 1_000).toISOString(),
    });
    const view = await openChatPage({
      [`GET /api/chats/${CHAT_1}/messages`]: () => jsonResponse([fromBob, mine]),
    });
    await openBob(view);
    const messages = screen.getByRole('list', { name: 'Messages' });
    expect(within(messages).getByRole('img', { name: 'Sent' })).toBeInTheDocument();
    act(() =>
      socket().serverEmit('message_read', {
        chatId: CHAT_1,
        messageId: mine._id,
        userId: BOB,
        username: 'bob',
        readAt: new Date().toISOString(),
      }),
    );
    expect(await within(messages).findByRole('img', { name: 'Read' })).toBeInTheDocument();
  });
});

describe('ChatPage focus', () => {
  it('puts the focus in the message input when a conversation opens', async () => {
    const view = await openChatPage();
    await openBob(view);
    await waitFor(() => expect(screen.getByPlaceholderText('Type a message...')).toHaveFocus());
    // Typing goes straight into the conversation.
    await view.user.keyboard('hello');
    expect(screen.getByPlaceholderText('Type a message...')).toHaveValue('hello');
  });
});

describe('ChatPage connection', () => {
  it('disables input and send while disconnected and shows why', async () => {
    const view = await openChatPage();
    await openBob(view);
    act(() => socket().serverEmit('disconnect', 'transport close'));
    expect(screen.getByPlaceholderText('Type a message...')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    act(() => socket().serverEmit('connect_error', new Error('timeout')));
    expect(
      screen.getByText(`Failed to connect to chat server: ${CONNECT_REASON_TEXT.timeout}`),
    ).toBeInTheDocument();
    // The transport's own jargon never reaches the banner.
    act(() => socket().serverEmit('connect_error', new Error('websocket error')));
    expect(
      screen.getByText(`Failed to connect to chat server: ${CONNECT_REASON_TEXT.unreachable}`),
    ).toBeInTheDocument();
    expect(screen.queryByText(/websocket error/)).not.toBeInTheDocument();
    act(() => socket().serverEmit('connect'));
    expect(screen.getByPlaceholderText('Type a message...')).toBeEnabled();
    // Reconnected: the open room is joined again.
    expect(
      socket()
        .sentOf('join_chat')
        .filter((id) => id === CHAT_1).length,
    ).toBeGreaterThanOrEqual(2);
    act(() => socket().serverEmit('authentication_error', { message: 'Token expired' }));
    expect(screen.getByText('Authentication failed')).toBeInTheDocument();
  });

  it('drops the connection when the browser goes offline and redials when it is back', async () => {
    const view = await openChatPage();
    await openBob(view);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(socket().connected).toBe(false);
    expect(screen.getByPlaceholderText('Type a message...')).toBeDisabled();
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getByPlaceholderText('Type a message...')).toBeEnabled());
  });

  it('says it is connecting until the socket is up', async () => {
    FakeSocket.holdConnect = true;
    serveApi({ 'GET /api/chats': () => jsonResponse([]) });
    renderApp('/chat');
    expect(await screen.findByText('Connecting to chat server...')).toBeInTheDocument();
    act(() => socket().serverEmit('connect'));
    expect(screen.queryByText('Connecting to chat server...')).not.toBeInTheDocument();
    expect(screen.getByText('No conversations found')).toBeInTheDocument();
  });
});
