import { useSyncExternalStore } from 'react';

/**
 * The small client state of chat that is not server data: the socket's connection state, which
 * chat is open (the socket needs it for unread counts), who is typing where, and the last error
 * for the banner. Server data (chats, messages) lives in the TanStack Query cache.
 */

/** SPEC §4 "Socket": a status, and an error only where there is one. */
export type ConnectionState =
  | { status: 'connecting' }
  | { status: 'connected' }
  | { status: 'disconnected' }
  | { status: 'error'; error: string };

export interface TypingUser {
  userId: string;
  username: string;
}

export interface ChatState {
  connection: ConnectionState;
  openChatId: string | null;
  /** chatId → who is typing there (never the user). */
  typing: Readonly<Record<string, readonly TypingUser[]>>;
  /** The last chat error that is not a connection state ("Failed to send message", ...). */
  lastError: string | null;
}

const INITIAL_STATE: ChatState = {
  connection: { status: 'disconnected' },
  openChatId: null,
  typing: {},
  lastError: null,
};

/** A stable empty list: selectors must not return a new array on every read. */
const NO_TYPISTS: readonly TypingUser[] = [];

let state: ChatState = INITIAL_STATE;
const listeners = new Set<() => void>();

function setState(update: (current: ChatState) => ChatState): void {
  const next = update(state);
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function withTyping(current: ChatState, chatId: string, typists: readonly TypingUser[]): ChatState {
  const typing = { ...current.typing };
  if (typists.length === 0) delete typing[chatId];
  else typing[chatId] = typists;
  return { ...current, typing };
}

export const chatStore = {
  getState: (): ChatState => state,
  subscribe,
  setConnection(connection: ConnectionState): void {
    setState((s) => (s.connection === connection ? s : { ...s, connection }));
  },
  setOpenChat(chatId: string | null): void {
    setState((s) => (s.openChatId === chatId ? s : { ...s, openChatId: chatId }));
  },
  setLastError(message: string | null): void {
    setState((s) => (s.lastError === message ? s : { ...s, lastError: message }));
  },
  addTypist(chatId: string, typist: TypingUser): void {
    setState((s) => {
      const current = s.typing[chatId] ?? NO_TYPISTS;
      if (current.some((t) => t.userId === typist.userId)) return s;
      return withTyping(s, chatId, [...current, typist]);
    });
  },
  /** By user id, or by name for servers whose user_stopped_typing carries only the username. */
  removeTypist(chatId: string | undefined, who: { userId?: string; username?: string }): void {
    setState((s) => {
      let next = s;
      const chatIds = chatId ? [chatId] : Object.keys(s.typing);
      for (const id of chatIds) {
        const current = next.typing[id] ?? NO_TYPISTS;
        const kept = current.filter((t) =>
          who.userId ? t.userId !== who.userId : t.username !== who.username,
        );
        if (kept.length !== current.length) next = withTyping(next, id, kept);
      }
      return next;
    });
  },
  clearTyping(chatId?: string): void {
    setState((s) => (chatId ? withTyping(s, chatId, NO_TYPISTS) : { ...s, typing: {} }));
  },
  /** Back to nothing: signed out or the socket torn down. */
  reset(): void {
    setState(() => INITIAL_STATE);
  },
};

/** Reads a slice of the chat state; the selector must return a stable value for unchanged state. */
export function useChatState<T>(selector: (s: ChatState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => selector(state),
    () => selector(INITIAL_STATE),
  );
}

export function useTypists(chatId: string | null): readonly TypingUser[] {
  return useChatState((s) => (chatId ? (s.typing[chatId] ?? NO_TYPISTS) : NO_TYPISTS));
}
