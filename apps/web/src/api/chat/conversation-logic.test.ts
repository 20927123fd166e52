import { describe, expect, it } from 'vitest';
import {
  applyMessageToChats,
  applyReceiptToChats,
  chatDisplayName,
  chatPreview,
  chatsOfTab,
  dedupeChats,
  filterChats,
  findDirectChatWith,
  isChatOnline,
  removeChat,
  resetUnread,
  setChatArchived,
  setParticipantOnline,
  typingText,
  upsertChatFirst,
} from './conversation-logic';
import {
  BOB,
  CAROL,
  CHAT_1,
  CHAT_2,
  makeChat,
  makeMessage,
  makeParticipant,
  ME,
} from '../../features/chat/test-fixtures';

const bobChat = () => makeChat({ _id: CHAT_1, id: CHAT_1 });
const carolChat = () =>
  makeChat({ _id: CHAT_2, id: CHAT_2, participants: [makeParticipant(ME), makeParticipant(CAROL)] });

describe('names, previews, presence', () => {
  it('names a direct chat after the other participant, a group after its name or "Unnamed Group"', () => {
    expect(chatDisplayName(bobChat(), ME)).toBe('Bob Stone');
    expect(chatDisplayName(makeChat({ type: 'group', groupInfo: { name: 'Trip' } }), ME)).toBe('Trip');
    expect(chatDisplayName(makeChat({ type: 'group', groupInfo: { name: '' } }), ME)).toBe('Unnamed Group');
    expect(chatDisplayName(makeChat({ type: 'group', groupInfo: null }), ME)).toBe('Unnamed Group');
  });

  it('falls back to the username when there is no display name', () => {
    const chat = makeChat({
      participants: [
        makeParticipant(ME),
        makeParticipant(BOB, { profile: { displayName: '', profilePicture: null } }),
      ],
    });
    expect(chatDisplayName(chat, ME)).toBe('bob');
  });

  it('previews the last message or "No messages yet"', () => {
    expect(chatPreview(bobChat())).toBe('No messages yet');
    expect(chatPreview(makeChat({ lastMessage: makeMessage({ content: 'See you' }) }))).toBe('See you');
  });

  it('is online when someone other than me is', () => {
    const chat = makeChat({
      participants: [
        makeParticipant(ME, { activity: { isOnline: true, lastActiveAt: null } }),
        makeParticipant(BOB),
      ],
    });
    expect(isChatOnline(chat, ME)).toBe(false);
    expect(isChatOnline(setParticipantOnline([chat], BOB, true)[0]!, ME)).toBe(true);
  });

  it('user_offline flips the flag back, and an unchanged list keeps its identity', () => {
    const online = setParticipantOnline([bobChat()], BOB, true);
    expect(isChatOnline(setParticipantOnline(online, BOB, false)[0]!, ME)).toBe(false);
    expect(setParticipantOnline(online, BOB, true)).toBe(online);
  });
});

describe('search and lookup', () => {
  const chats = [
    bobChat(),
    {
      ...carolChat(),
      lastMessage: makeMessage({ chatId: CHAT_2, senderId: CAROL, content: 'Pizza tonight?' }),
    },
  ];

  it('filters by participant name, username and last message text, case-insensitively', () => {
    expect(filterChats(chats, 'bob', ME).map((c) => c._id)).toEqual([CHAT_1]);
    expect(filterChats(chats, 'JONES', ME).map((c) => c._id)).toEqual([CHAT_2]);
    expect(filterChats(chats, 'pizza', ME).map((c) => c._id)).toEqual([CHAT_2]);
    expect(filterChats(chats, '  ', ME)).toBe(chats);
    expect(filterChats(chats, 'alice', ME)).toEqual([]);
  });

  it('finds the direct chat with a member', () => {
    expect(findDirectChatWith(chats, CAROL)?._id).toBe(CHAT_2);
    expect(findDirectChatWith(chats, 'ffffffffffffffffffffffff')).toBeUndefined();
  });

  it('deduplicates by id', () => {
    expect(dedupeChats([bobChat(), bobChat(), carolChat()])).toHaveLength(2);
  });
});

describe('list bookkeeping', () => {
  it('an incoming message for a closed chat from someone else raises unread by one and moves it first', () => {
    const next = applyMessageToChats(
      [carolChat(), bobChat()],
      makeMessage({ chatId: CHAT_1, senderId: BOB, content: 'yo' }),
      {
        openChatId: CHAT_2,
        myUserId: ME,
      },
    );
    expect(next?.map((c) => c._id)).toEqual([CHAT_1, CHAT_2]);
    expect(next?.[0]).toMatchObject({ unreadCount: 1, lastMessage: { content: 'yo' } });
  });

  it('does not count the open chat, nor my own messages', () => {
    const open = applyMessageToChats([bobChat()], makeMessage({ chatId: CHAT_1, senderId: BOB }), {
      openChatId: CHAT_1,
      myUserId: ME,
    });
    expect(open?.[0]?.unreadCount).toBe(0);
    const mine = applyMessageToChats([bobChat()], makeMessage({ chatId: CHAT_1, senderId: ME }), {
      openChatId: null,
      myUserId: ME,
    });
    expect(mine?.[0]?.unreadCount).toBe(0);
  });

  it('answers null for a chat not in the list', () => {
    expect(
      applyMessageToChats([bobChat()], makeMessage({ chatId: CHAT_2 }), { openChatId: null, myUserId: ME }),
    ).toBeNull();
  });

  it('resets unread, removes, and puts a created chat first without duplicating it', () => {
    const list = [carolChat(), { ...bobChat(), unreadCount: 4 }];
    expect(resetUnread(list, CHAT_1)[1]?.unreadCount).toBe(0);
    expect(removeChat(list, CHAT_2).map((c) => c._id)).toEqual([CHAT_1]);
    expect(upsertChatFirst(list, bobChat()).map((c) => c._id)).toEqual([CHAT_1, CHAT_2]);
  });

  it('a receipt by the other member marks the last message read; by me (another tab) clears unread', () => {
    const last = makeMessage({ chatId: CHAT_1, senderId: ME, timestamp: '2026-03-01T10:00:00.000Z' });
    const list = [{ ...bobChat(), lastMessage: last, unreadCount: 2 }];
    const byBob = applyReceiptToChats(
      list,
      {
        chatId: CHAT_1,
        messageId: last._id,
        userId: BOB,
        username: 'bob',
        readAt: '2026-03-01T10:01:00.000Z',
      },
      ME,
    );
    expect(byBob[0]?.lastMessage?.readBy.map((r) => r.user)).toEqual([ME, BOB]);
    expect(byBob[0]?.unreadCount).toBe(2);
    const byMe = applyReceiptToChats(
      list,
      {
        chatId: CHAT_1,
        messageId: last._id,
        userId: ME,
        username: 'alice',
        readAt: '2026-03-01T10:01:00.000Z',
      },
      ME,
    );
    expect(byMe[0]?.unreadCount).toBe(0);
  });
});

describe('typingText', () => {
  it('reads "X is typing..." and "X and Y are typing..."', () => {
    expect(typingText([])).toBeNull();
    expect(typingText(['Bob'])).toBe('Bob is typing...');
    expect(typingText(['Bob', 'Carol'])).toBe('Bob and Carol are typing...');
    expect(typingText(['Bob', 'Carol', 'Dan'])).toBe('Bob, Carol and Dan are typing...');
    expect(typingText(['Bob', 'Bob'])).toBe('Bob is typing...');
  });
});

describe('chatsOfTab', () => {
  const chats = [
    makeChat({ id: 'a'.repeat(24), unreadCount: 2 }),
    makeChat({ id: 'b'.repeat(24), unreadCount: 0 }),
    makeChat({ id: 'c'.repeat(24), unreadCount: 1, isArchived: true }),
  ];
  const ids = (list: typeof chats) => list.map((c) => c.id[0]);

  it('leaves archived chats out of All and Unread, and Archive shows only them', () => {
    expect(ids(chatsOfTab(chats, 'all'))).toEqual(['a', 'b']);
    expect(ids(chatsOfTab(chats, 'unread'))).toEqual(['a']);
    expect(ids(chatsOfTab(chats, 'archive'))).toEqual(['c']);
  });

  it('sets the archive flag of one chat', () => {
    expect(setChatArchived(chats, 'b'.repeat(24), true).map((c) => c.isArchived)).toEqual([
      false,
      true,
      true,
    ]);
  });
});
