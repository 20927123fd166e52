import {
  CHAT_ID_LENGTH,
  DUPLICATE_MESSAGE_WINDOW_MS,
  OPTIMISTIC_MATCH_WINDOW_MS,
  type Message,
  type MessageSender,
  type ReadReceiptEvent,
  type SelfUser,
} from '@glimpse/shared';

/**
 * Pure rules of SPEC §4 "Sending a message" / "Incoming message" and the read ticks of §2.
 * Nothing here touches React, the socket or the query cache, so every rule is unit-tested alone.
 */

/** A message as the client holds it: the wire shape plus the client-only optimistic flag (SPEC §3). */
export type ChatMessage = Message & { isOptimistic?: boolean };

/** One chat's messages in the query cache, oldest first. */
export interface MessagesCache {
  messages: ChatMessage[];
  /** True while the server may hold messages older than the first one here. */
  hasOlder: boolean;
}

/** SPEC §5: a chat id must be a 24-character string. */
export function isValidChatId(id: unknown): id is string {
  return typeof id === 'string' && id.length === CHAT_ID_LENGTH;
}

/** Clients of this API may see `id`, `_id` or both (API.md); prefer `_id` like the spec does. */
export function idOf(entity: { id?: string; _id?: string }): string {
  return entity._id ?? entity.id ?? '';
}

export function senderIdOf(message: Pick<Message, 'sender'>): string {
  return idOf(message.sender);
}

function timeOf(iso: string): number {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
}

function withinMs(a: string, b: string, windowMs: number): boolean {
  return Math.abs(timeOf(a) - timeOf(b)) <= windowMs;
}

/** A temporary id no server id can collide with (server ids are 24 hex characters). */
export function makeTempId(now: number = Date.now()): string {
  return `temp-${now}-${Math.random().toString(36).slice(2, 10)}`;
}

export function toMessageSender(user: SelfUser): MessageSender {
  const profile = { displayName: user.profile.displayName, profilePicture: user.profile.profilePicture };
  return {
    id: user.id,
    _id: user._id || user.id,
    username: user.username,
    profilePicture: profile.profilePicture,
    profile,
  };
}

/** The entry shown at once when the user sends (SPEC §4); the sender counts as its first reader. */
export function makeOptimisticMessage(input: {
  chatId: string;
  content: string;
  sender: MessageSender;
  tempId: string;
  now?: Date;
}): ChatMessage {
  const at = (input.now ?? new Date()).toISOString();
  return {
    id: input.tempId,
    _id: input.tempId,
    chatId: input.chatId,
    chat: input.chatId,
    content: input.content,
    messageType: 'text',
    sender: input.sender,
    timestamp: at,
    createdAt: at,
    readBy: [{ user: idOf(input.sender), readAt: at }],
    tempId: input.tempId,
    isOptimistic: true,
  };
}

/**
 * Does `incoming` (a server copy) stand for the optimistic entry? Same tempId; or, for servers or
 * tabs that do not echo it, same sender and content with timestamps within 10 s.
 */
export function isOptimisticMatch(
  optimistic: ChatMessage,
  incoming: Message,
  windowMs: number = OPTIMISTIC_MATCH_WINDOW_MS,
): boolean {
  if (!optimistic.isOptimistic) return false;
  if (incoming.tempId !== undefined && optimistic.tempId !== undefined)
    return incoming.tempId === optimistic.tempId;
  return (
    senderIdOf(optimistic) === senderIdOf(incoming) &&
    optimistic.content === incoming.content &&
    withinMs(optimistic.timestamp, incoming.timestamp, windowMs)
  );
}

/** SPEC §4: same id, or same sender and content within 1 s, is the same message delivered twice. */
export function isDuplicateMessage(
  existing: ChatMessage,
  incoming: Message,
  windowMs: number = DUPLICATE_MESSAGE_WINDOW_MS,
): boolean {
  if (existing.isOptimistic) return false;
  if (idOf(existing) === idOf(incoming)) return true;
  return (
    senderIdOf(existing) === senderIdOf(incoming) &&
    existing.content === incoming.content &&
    withinMs(existing.timestamp, incoming.timestamp, windowMs)
  );
}

export type IncomingOutcome = 'replaced' | 'appended' | 'duplicate';

/**
 * Folds a server message into a chat's list. The optimistic match is tried before the duplicate
 * rule: two quick identical sends ("ok", "ok") each have their own tempId and must both survive.
 */
export function reconcileIncoming(
  messages: ChatMessage[],
  incoming: Message,
): { messages: ChatMessage[]; outcome: IncomingOutcome } {
  const optimisticIndex = messages.findIndex((m) => isOptimisticMatch(m, incoming));
  if (optimisticIndex !== -1) {
    // A server copy may have landed already (ack first, then new_message): keep only one.
    if (messages.some((m) => !m.isOptimistic && idOf(m) === idOf(incoming))) {
      return { messages: messages.filter((_, i) => i !== optimisticIndex), outcome: 'duplicate' };
    }
    const next = messages.slice();
    next[optimisticIndex] = { ...incoming, isOptimistic: false };
    return { messages: next, outcome: 'replaced' };
  }
  if (messages.some((m) => isDuplicateMessage(m, incoming))) return { messages, outcome: 'duplicate' };
  return { messages: [...messages, incoming], outcome: 'appended' };
}

/** A failed send: the optimistic entry goes away (its text goes back into the input). */
export function removeOptimistic(messages: ChatMessage[], tempId: string): ChatMessage[] {
  return messages.filter((m) => !(m.isOptimistic && m.tempId === tempId));
}

/**
 * A force-load of the newest page: the server's list wins, history loaded earlier (older than
 * the page) stays, and optimistic entries still waiting for their server copy stay at the end.
 */
export function mergeLatestPage(cached: ChatMessage[] | undefined, latest: Message[]): ChatMessage[] {
  if (!cached || cached.length === 0) return latest;
  // An empty answer means the chat has no history (any held copy is stale): keep pending sends only.
  if (latest.length === 0) return cached.filter((m) => m.isOptimistic);
  const firstLatest = latest[0];
  const cutoff = firstLatest ? timeOf(firstLatest.timestamp) : Infinity;
  const latestIds = new Set(latest.map(idOf));
  const older = cached.filter(
    (m) => !m.isOptimistic && !latestIds.has(idOf(m)) && timeOf(m.timestamp) < cutoff,
  );
  const pending = cached.filter((m) => m.isOptimistic && !latest.some((l) => isOptimisticMatch(m, l)));
  return [...older, ...latest, ...pending];
}

/** Older history goes before what is shown; anything already held is skipped. */
export function prependOlder(cached: ChatMessage[], older: Message[]): ChatMessage[] {
  const held = new Set(cached.map(idOf));
  return [...older.filter((m) => !held.has(idOf(m))), ...cached];
}

/** The oldest message the server knows, for `before=` (optimistic entries have no server id). */
export function oldestServerId(messages: ChatMessage[]): string | undefined {
  const oldest = messages.find((m) => !m.isOptimistic);
  return oldest ? idOf(oldest) : undefined;
}

/**
 * API.md: the receipt covers the message and every earlier one, except the reader's own. When
 * the named message is not held (history not loaded), its read time is the cut-off instead.
 */
export function applyReadReceipt(messages: ChatMessage[], receipt: ReadReceiptEvent): ChatMessage[] {
  const index = messages.findIndex((m) => idOf(m) === receipt.messageId);
  const cutoff = timeOf(receipt.readAt);
  let changed = false;
  const next = messages.map((m, i) => {
    const covered = index === -1 ? timeOf(m.timestamp) <= cutoff : i <= index;
    if (!covered || m.isOptimistic || senderIdOf(m) === receipt.userId) return m;
    if (m.readBy.some((r) => r.user === receipt.userId)) return m;
    changed = true;
    return { ...m, readBy: [...m.readBy, { user: receipt.userId, readAt: receipt.readAt }] };
  });
  return changed ? next : messages;
}

export type ReadState = 'sending' | 'sent' | 'read';

/**
 * SPEC §2: a single tick once sent, a double tick when read by more than one. The server counts
 * the sender as the first reader, so "more than one entry" and "someone else read it" agree;
 * both are checked so a server that leaves the sender out still shows reads.
 */
export function readStateOf(message: ChatMessage): ReadState {
  if (message.isOptimistic) return 'sending';
  const senderId = senderIdOf(message);
  const isRead = message.readBy.length > 1 || message.readBy.some((r) => r.user !== senderId);
  return isRead ? 'read' : 'sent';
}

/** The newest message from someone else that the user has not read yet, if any: what to mark read. */
export function lastUnreadFromOthers(messages: ChatMessage[], myUserId: string): ChatMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.isOptimistic || senderIdOf(m) === myUserId) continue;
    return m.readBy.some((r) => r.user === myUserId) ? undefined : m;
  }
  return undefined;
}

/** A failed send puts its text back without losing anything typed since. */
export function restoreDraft(current: string, failed: string): string {
  return current.trim() ? `${failed}\n${current}` : failed;
}

/** Day separators in a conversation: "Today", "Yesterday", else the weekday and date. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOfDay(now) - startOfDay(date)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  const sameYear = date.getFullYear() === now.getFullYear();
  return date.toLocaleDateString([], {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

export function isSameDay(a: string, b: string): boolean {
  return new Date(a).toDateString() === new Date(b).toDateString();
}
