import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeToken, renderApp } from '../../test/render';
import type { FakeSocket } from './fake-socket';
import { BOB, CAROL, CHAT_1, CHAT_2, makeChat, makeParticipant, ME, serveApi } from './test-fixtures';

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
const bobChat = makeChat();
const carolChat = makeChat({
  _id: CHAT_2,
  id: CHAT_2,
  participants: [makeParticipant(ME), makeParticipant(CAROL)],
});
const carolUser = {
  ...makeParticipant(CAROL),
  profile: {
    ...makeParticipant(CAROL).profile,
    firstName: '',
    lastName: '',
    bio: '',
    location: '',
    website: '',
    socialLinks: {},
  },
};

async function openChatPage(routes: Parameters<typeof serveApi>[0] = {}, path = '/chat') {
  const fetchMock = serveApi({
    'GET /api/chats': () => jsonResponse([bobChat]),
    [`GET /api/chats/${CHAT_1}/messages`]: () => jsonResponse([]),
    [`GET /api/chats/${CHAT_2}/messages`]: () => jsonResponse([]),
    ...routes,
  });
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Messages' });
  await waitFor(() => expect(socket().connected).toBe(true));
  return { ...view, fetchMock };
}

function callsTo(fetchMock: ReturnType<typeof serveApi>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(path),
  );
}

beforeEach(() => {
  localStorage.setItem('token', makeToken({ userId: ME }));
  sockets.length = 0;
});

describe('starting a conversation', () => {
  it('the modal lists members, creates the chat, puts it first and opens it', async () => {
    const view = await openChatPage({
      'GET /api/users': () => jsonResponse([carolUser]),
      'POST /api/chats': () => jsonResponse(carolChat),
    });
    await screen.findByRole('button', { name: /Bob Stone/ });
    await view.user.click(screen.getByRole('button', { name: 'New conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start New Conversation' });
    await view.user.type(within(dialog).getByPlaceholderText('Search users...'), 'zzz');
    expect(within(dialog).getByText('No users found matching your search')).toBeInTheDocument();
    await view.user.clear(within(dialog).getByPlaceholderText('Search users...'));
    await view.user.click(await within(dialog).findByRole('button', { name: /Carol Jones/ }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Carol Jones' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [, init] = callsTo(view.fetchMock, 'POST', '/api/chats')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ participantId: CAROL });
    const first = within(screen.getByRole('tabpanel')).getAllByRole('button')[0]!;
    expect(first).toHaveAccessibleName(expect.stringContaining('Carol Jones'));
  });

  it('says why the user list failed and retries', async () => {
    let status = 401;
    const view = await openChatPage({
      'GET /api/users': () =>
        status === 200 ? jsonResponse([]) : jsonResponse({ message: 'x', code: 'X' }, status),
    });
    await view.user.click(screen.getByRole('button', { name: 'New conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start New Conversation' });
    expect(await within(dialog).findByText('Failed to load users')).toBeInTheDocument();
    expect(within(dialog).getByText('Authentication required. Please log in again.')).toBeInTheDocument();
    status = 200;
    await view.user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('No users available')).toBeInTheDocument();
  });

  it('shows "Failed to create chat: {reason}" when creating fails', async () => {
    const view = await openChatPage({
      'GET /api/users': () => jsonResponse([carolUser]),
      'POST /api/chats': () => jsonResponse({ message: 'User not found', code: 'NOT_FOUND' }, 404),
    });
    await view.user.click(screen.getByRole('button', { name: 'New conversation' }));
    const dialog = await screen.findByRole('dialog');
    await view.user.click(await within(dialog).findByRole('button', { name: /Carol Jones/ }));
    expect(await within(dialog).findByText('Failed to create chat: User not found')).toBeInTheDocument();
  });

  it('/chat?userId= opens the existing chat with that member without creating one', async () => {
    const view = await openChatPage({}, `/chat?userId=${BOB}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Bob Stone' })).toBeInTheDocument();
    expect(callsTo(view.fetchMock, 'POST', '/api/chats')).toHaveLength(0);
    await waitFor(() => expect(view.router.state.location.search).toBe(''));
  });

  it('/chat?userId= creates the chat when there is none', async () => {
    const view = await openChatPage(
      { 'POST /api/chats': () => jsonResponse(carolChat) },
      `/chat?userId=${CAROL}`,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Carol Jones' })).toBeInTheDocument();
    expect(callsTo(view.fetchMock, 'POST', '/api/chats')).toHaveLength(1);
  });

  it('/chat?userId= with a malformed id says "Invalid conversation selected"', async () => {
    await openChatPage({}, '/chat?userId=nope');
    expect(await screen.findByText('Invalid conversation selected')).toBeInTheDocument();
  });

  it('refuses to open a chat whose id is not 24 characters', async () => {
    const view = await openChatPage({
      'GET /api/chats': () => jsonResponse([makeChat({ _id: 'short', id: 'short' })]),
    });
    await view.user.click(await screen.findByRole('button', { name: /Bob Stone/ }));
    expect(await screen.findByText('Invalid chat selected')).toBeInTheDocument();
    expect(screen.getByText('Welcome to Messages')).toBeInTheDocument();
  });
});

describe('deleting and remote changes', () => {
  async function openBobMenu() {
    const view = await openChatPage({
      [`DELETE /api/chats/${CHAT_1}`]: () => jsonResponse({ message: 'Chat deleted successfully' }),
    });
    await view.user.click(await screen.findByRole('button', { name: /Bob Stone/ }));
    await screen.findByRole('heading', { level: 2, name: 'Bob Stone' });
    await view.user.click(screen.getByRole('button', { name: 'Chat options' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Delete Chat' }));
    return view;
  }

  it('asks first, then deletes, clears the selection and leaves the room', async () => {
    const view = await openBobMenu();
    const dialog = await screen.findByRole('dialog', { name: 'Delete Chat' });
    expect(dialog).toHaveTextContent('permanently deleted and cannot be recovered');
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Welcome to Messages')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Bob Stone/ })).not.toBeInTheDocument();
    expect(socket().sentOf('leave_chat')).toContain(CHAT_1);
    expect(callsTo(view.fetchMock, 'DELETE', `/api/chats/${CHAT_1}`)).toHaveLength(1);
  });

  it('cancel keeps the chat', async () => {
    const view = await openBobMenu();
    await view.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Bob Stone' })).toBeInTheDocument();
    expect(callsTo(view.fetchMock, 'DELETE', '/api/chats')).toHaveLength(0);
  });

  it('chat_created adds the chat first; chat_deleted of the open chat clears the selection', async () => {
    const view = await openChatPage();
    await view.user.click(await screen.findByRole('button', { name: /Bob Stone/ }));
    await screen.findByRole('heading', { level: 2, name: 'Bob Stone' });
    act(() => socket().serverEmit('chat_created', carolChat));
    await waitFor(() =>
      expect(within(screen.getByRole('tabpanel')).getAllByRole('button')[0]).toHaveAccessibleName(
        expect.stringContaining('Carol Jones'),
      ),
    );
    act(() => socket().serverEmit('chat_deleted', { chatId: CHAT_1 }));
    expect(await screen.findByText('Welcome to Messages')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Bob Stone/ })).not.toBeInTheDocument();
  });

  it('user_online and user_offline toggle the online dot', async () => {
    await openChatPage();
    const bob = await screen.findByRole('button', { name: /Bob Stone/ });
    expect(within(bob).queryByRole('img', { name: 'online' })).not.toBeInTheDocument();
    act(() => socket().serverEmit('user_online', { userId: BOB, username: 'bob' }));
    expect(await within(bob).findByRole('img', { name: 'online' })).toBeInTheDocument();
    act(() => socket().serverEmit('user_offline', { userId: BOB, username: 'bob' }));
    await waitFor(() => expect(within(bob).queryByRole('img', { name: 'online' })).not.toBeInTheDocument());
  });
});
