import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyReadReceipt,
  dayLabel,
  isDuplicateMessage,
  isOptimisticMatch,
  isValidChatId,
  lastUnreadFromOthers,
  makeOptimisticMessage,
  makeTempId,
  mergeLatestPage,
  oldestServerId,
  prependOlder,
  readStateOf,
  reconcileIncoming,
  removeOptimistic,
  restoreDraft,
  type ChatMessage,
} from './message-logic';
import { BOB, CAROL, CHAT_1, makeMessage, ME } from '../../features/chat/test-fixtures';

const T0 = new Date('2026-03-01T10:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms).toISOString();

function optimistic(content: string, tempId = makeTempId()): ChatMessage {
  const mine = makeMessage({ senderId: ME });
  return makeOptimisticMessage({ chatId: CHAT_1, content, sender: mine.sender, tempId, now: new Date() });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('isValidChatId', () => {
  it('accepts exactly 24 characters and nothing else', () => {
    expect(isValidChatId(CHAT_1)).toBe(true);
    expect(isValidChatId(CHAT_1.slice(1))).toBe(false);
    expect(isValidChatId(`${CHAT_1}0`)).toBe(false);
    expect(isValidChatId(undefined)).toBe(false);
    expect(isValidChatId(123)).toBe(false);
  });
});

describe('optimistic matching (10 s window)', () => {
  it('matches the echoed tempId whatever the timestamps say', () => {
    const entry = optimistic('hi', 'temp-1');
    const server = makeMessage({ senderId: ME, content: 'hi', timestamp: at(60_000), tempId: 'temp-1' });
    expect(isOptimisticMatch(entry, server)).toBe(true);
    expect(isOptimisticMatch(entry, { ...server, tempId: 'temp-2' })).toBe(false);
  });

  it('without a tempId matches same sender and content up to 10 s apart, not later', () => {
    const entry = optimistic('hi');
    vi.advanceTimersByTime(10_000);
    expect(
      isOptimisticMatch(
        entry,
        makeMessage({ senderId: ME, content: 'hi', timestamp: new Date().toISOString() }),
      ),
    ).toBe(true);
    vi.advanceTimersByTime(1);
    expect(
      isOptimisticMatch(
        entry,
        makeMessage({ senderId: ME, content: 'hi', timestamp: new Date().toISOString() }),
      ),
    ).toBe(false);
  });

  it('never matches another sender or other content', () => {
    const entry = optimistic('hi');
    expect(isOptimisticMatch(entry, makeMessage({ senderId: BOB, content: 'hi', timestamp: at(0) }))).toBe(
      false,
    );
    expect(isOptimisticMatch(entry, makeMessage({ senderId: ME, content: 'hi!', timestamp: at(0) }))).toBe(
      false,
    );
  });
});

describe('duplicate detection (1 s window)', () => {
  it('same id is a duplicate', () => {
    const m = makeMessage();
    expect(isDuplicateMessage(m, { ...m, content: 'edited' })).toBe(true);
  });

  it('same sender and content within 1 s is a duplicate, past 1 s it is a new message', () => {
    const first = makeMessage({ content: 'ok', timestamp: at(0) });
    expect(isDuplicateMessage(first, makeMessage({ content: 'ok', timestamp: at(1_000) }))).toBe(true);
    expect(isDuplicateMessage(first, makeMessage({ content: 'ok', timestamp: at(1_001) }))).toBe(false);
    expect(
      isDuplicateMessage(first, makeMessage({ senderId: CAROL, content: 'ok', timestamp: at(500) })),
    ).toBe(false);
  });
});

describe('reconcileIncoming', () => {
  it('replaces the optimistic entry in place with the server copy', () => {
    const before = makeMessage({ timestamp: at(-5_000) });
    const entry = optimistic('hi', 'temp-9');
    const server = makeMessage({ senderId: ME, content: 'hi', timestamp: at(200), tempId: 'temp-9' });
    const result = reconcileIncoming([before, entry], server);
    expect(result.outcome).toBe('replaced');
    expect(result.messages).toHaveLength(2);
    expect(result.messages[1]).toMatchObject({ _id: server._id, isOptimistic: false });
  });

  it('ignores the second delivery of the same message (ack and new_message)', () => {
    const server = makeMessage({ senderId: ME, content: 'hi', tempId: 'temp-9' });
    const once = reconcileIncoming([optimistic('hi', 'temp-9')], server);
    const twice = reconcileIncoming(once.messages, server);
    expect(twice.outcome).toBe('duplicate');
    expect(twice.messages).toBe(once.messages);
  });

  it('keeps two quick identical sends apart by their tempIds', () => {
    const a = optimistic('ok', 'temp-a');
    const b = optimistic('ok', 'temp-b');
    let list: ChatMessage[] = [a, b];
    list = reconcileIncoming(
      list,
      makeMessage({ senderId: ME, content: 'ok', tempId: 'temp-a', timestamp: at(100) }),
    ).messages;
    const second = reconcileIncoming(
      list,
      makeMessage({ senderId: ME, content: 'ok', tempId: 'temp-b', timestamp: at(300) }),
    );
    expect(second.outcome).toBe('replaced');
    expect(second.messages.filter((m) => !m.isOptimistic)).toHaveLength(2);
  });

  it('appends a new message from someone else', () => {
    const result = reconcileIncoming(
      [makeMessage({ content: 'a', timestamp: at(0) })],
      makeMessage({ content: 'b', timestamp: at(5) }),
    );
    expect(result.outcome).toBe('appended');
    expect(result.messages.map((m) => m.content)).toEqual(['a', 'b']);
  });

  it('drops an echo of the same text from the same sender within 1 s', () => {
    const result = reconcileIncoming(
      [makeMessage({ content: 'a', timestamp: at(0) })],
      makeMessage({ content: 'a', timestamp: at(400) }),
    );
    expect(result.outcome).toBe('duplicate');
  });
});

describe('send failure and force-load', () => {
  it('removeOptimistic removes only that pending entry', () => {
    const keep = makeMessage();
    const entry = optimistic('hi', 'temp-1');
    expect(
      removeOptimistic([keep, entry, optimistic('x', 'temp-2')], 'temp-1').map((m) => m.tempId ?? m._id),
    ).toEqual([keep._id, 'temp-2']);
  });

  it('mergeLatestPage keeps older history and pending sends around the fresh page', () => {
    const old = makeMessage({ content: 'old', timestamp: at(-60_000) });
    const fresh = makeMessage({ content: 'fresh', timestamp: at(-1_000) });
    const pending = optimistic('pending', 'temp-p');
    expect(mergeLatestPage([old, fresh, pending], [fresh]).map((m) => m.content)).toEqual([
      'old',
      'fresh',
      'pending',
    ]);
    expect(mergeLatestPage(undefined, [fresh])).toEqual([fresh]);
    expect(mergeLatestPage([old, pending], []).map((m) => m.content)).toEqual(['pending']);
  });

  it('prependOlder puts unseen history first and oldestServerId skips pending entries', () => {
    const a = makeMessage({ content: 'a' });
    const b = makeMessage({ content: 'b' });
    expect(prependOlder([b], [a, b]).map((m) => m.content)).toEqual(['a', 'b']);
    expect(oldestServerId([a, b])).toBe(a._id);
    expect(oldestServerId([optimistic('x')])).toBeUndefined();
  });

  it('restoreDraft gives the failed text back without losing new typing', () => {
    expect(restoreDraft('', 'hello')).toBe('hello');
    expect(restoreDraft('more', 'hello')).toBe('hello\nmore');
  });
});

describe('read ticks', () => {
  it('single tick when only the sender has it, double when someone else read it', () => {
    const sent = makeMessage({ senderId: ME });
    expect(readStateOf(sent)).toBe('sent');
    expect(readStateOf({ ...sent, readBy: [...sent.readBy, { user: BOB, readAt: at(1) }] })).toBe('read');
    // A server that leaves the sender out of readBy: one entry, someone else's.
    expect(readStateOf({ ...sent, readBy: [{ user: BOB, readAt: at(1) }] })).toBe('read');
    expect(readStateOf({ ...sent, readBy: [] })).toBe('sent');
    expect(readStateOf(optimistic('x'))).toBe('sending');
  });

  it('a receipt covers the message and every earlier one, not the reader’s own', () => {
    const m1 = makeMessage({ senderId: ME, timestamp: at(0) });
    const m2 = makeMessage({ senderId: BOB, timestamp: at(1) });
    const m3 = makeMessage({ senderId: ME, timestamp: at(2) });
    const m4 = makeMessage({ senderId: ME, timestamp: at(3) });
    const next = applyReadReceipt([m1, m2, m3, m4], {
      chatId: CHAT_1,
      messageId: m3._id,
      userId: BOB,
      username: 'bob',
      readAt: at(10),
    });
    expect(next.map(readStateOf)).toEqual(['read', 'sent', 'read', 'sent']);
  });

  it('a receipt for a message not held uses its read time as the cut-off', () => {
    const m1 = makeMessage({ senderId: ME, timestamp: at(0) });
    const m2 = makeMessage({ senderId: ME, timestamp: at(20) });
    const next = applyReadReceipt([m1, m2], {
      chatId: CHAT_1,
      messageId: 'ffffffffffffffffffffffff',
      userId: BOB,
      username: 'bob',
      readAt: at(10),
    });
    expect(next.map(readStateOf)).toEqual(['read', 'sent']);
  });

  it('lastUnreadFromOthers names the newest message to mark read, if any', () => {
    const theirs = makeMessage({ senderId: BOB, timestamp: at(0) });
    const mine = makeMessage({ senderId: ME, timestamp: at(1) });
    expect(lastUnreadFromOthers([theirs, mine], ME)).toBe(theirs);
    const read = { ...theirs, readBy: [...theirs.readBy, { user: ME, readAt: at(2) }] };
    expect(lastUnreadFromOthers([read, mine], ME)).toBeUndefined();
    expect(lastUnreadFromOthers([mine], ME)).toBeUndefined();
  });
});

describe('dayLabel', () => {
  it('says Today and Yesterday, else a date', () => {
    const now = new Date(2026, 2, 10, 12, 0);
    expect(dayLabel(new Date(2026, 2, 10, 1, 0).toISOString(), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 2, 9, 23, 0).toISOString(), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 2, 1, 9, 0).toISOString(), now)).not.toMatch(/Today|Yesterday/);
  });
});
