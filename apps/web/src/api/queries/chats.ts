import {
  CHAT_MESSAGES_PAGE_SIZE,
  type Chat,
  type Message,
  type MessageAnswer,
  type ReadReceiptEvent,
} from '@glimpse/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  applyMessageToChats,
  applyReceiptToChats,
  dedupeChats,
  removeChat,
  resetUnread,
  setChatArchived,
  setParticipantOnline,
  upsertChatFirst,
} from '../chat/conversation-logic';
import {
  applyReadReceipt,
  mergeLatestPage,
  oldestServerId,
  prependOlder,
  reconcileIncoming,
  removeOptimistic,
  type ChatMessage,
  type IncomingOutcome,
  type MessagesCache,
} from '../chat/message-logic';
import { http } from '../http';

/**
 * Chats over HTTP (SPEC §7) and the cache operations the socket module applies to them. The
 * socket is what keeps this data fresh; HTTP only loads it.
 */

export const chatKeys = {
  all: ['chats'] as const,
  list: () => [...chatKeys.all, 'list'] as const,
  messages: (chatId: string) => [...chatKeys.all, 'messages', chatId] as const,
};

/**
 * The socket only runs while the chat screen (or whoever mounts it) is up: events missed in
 * between are only caught by refetching the list on each visit, hence zero.
 */
export const CHATS_STALE_TIME_MS = 0;
/**
 * Load-bearing: a refetch would throw away nothing (optimistic entries are merged back), but it
 * races socket updates. Messages are force-loaded on opening a chat and otherwise fed by the socket.
 */
export const MESSAGES_STALE_TIME_MS = Number.POSITIVE_INFINITY;

export async function fetchChats(signal?: AbortSignal): Promise<Chat[]> {
  const chats = await http.get<Chat[]>('/chats', { signal });
  return dedupeChats(Array.isArray(chats) ? chats : []);
}

export function fetchMessages(
  chatId: string,
  { before, limit = CHAT_MESSAGES_PAGE_SIZE }: { before?: string; limit?: number } = {},
  signal?: AbortSignal,
): Promise<Message[]> {
  return http.get<Message[]>(`/chats/${encodeURIComponent(chatId)}/messages`, {
    query: { before, limit },
    signal,
  });
}

export function createChatRequest(participantId: string): Promise<Chat> {
  return http.post<Chat>('/chats', { participantId });
}

export function deleteChatRequest(chatId: string): Promise<MessageAnswer> {
  return http.delete<MessageAnswer>(`/chats/${encodeURIComponent(chatId)}`);
}

export function useChatsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: chatKeys.list(),
    queryFn: ({ signal }) => fetchChats(signal),
    staleTime: CHATS_STALE_TIME_MS,
    enabled,
  });
}

/**
 * The open chat's messages, newest page force-loaded on every mount (SPEC §4 "Opening a chat":
 * mount the conversation keyed by chat id). History loaded earlier and pending sends survive.
 */
export function useChatMessagesQuery(chatId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: chatKeys.messages(chatId),
    queryFn: async ({ signal }): Promise<MessagesCache> => {
      const latest = await fetchMessages(chatId, {}, signal);
      const cached = queryClient.getQueryData<MessagesCache>(chatKeys.messages(chatId));
      const messages = mergeLatestPage(cached?.messages, latest);
      const keptOlder = messages.length > 0 && latest.length > 0 && messages[0] !== latest[0];
      return {
        messages,
        hasOlder: keptOlder ? (cached?.hasOlder ?? false) : latest.length >= CHAT_MESSAGES_PAGE_SIZE,
      };
    },
    staleTime: MESSAGES_STALE_TIME_MS,
    refetchOnMount: 'always',
  });
}

/** GET …/messages?before=<oldest id>&limit=50, put in front of what is held. */
export function useLoadOlderMessagesMutation(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...chatKeys.messages(chatId), 'older'],
    mutationFn: async () => {
      const cached = queryClient.getQueryData<MessagesCache>(chatKeys.messages(chatId));
      const before = cached ? oldestServerId(cached.messages) : undefined;
      return fetchMessages(chatId, { before });
    },
    onSuccess: (older) => {
      queryClient.setQueryData<MessagesCache>(chatKeys.messages(chatId), (current) =>
        current
          ? {
              messages: prependOlder(current.messages, older),
              hasOlder: older.length >= CHAT_MESSAGES_PAGE_SIZE,
            }
          : current,
      );
    },
  });
}

/** POST /api/chats: the existing direct chat with that member, or a new one, placed first. */
export function useCreateChatMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...chatKeys.all, 'create'],
    mutationFn: createChatRequest,
    onSuccess: (chat) => chatCache.upsertFirst(queryClient, chat),
  });
}

export function archiveChatRequest(chatId: string, archived: boolean): Promise<Chat> {
  return http.put<Chat>(`/chats/${encodeURIComponent(chatId)}/archive`, { archived });
}

/** Moves a chat into or out of the member's Archive tab at once; put back if the server refuses. */
export function useArchiveChatMutation() {
  const queryClient = useQueryClient();
  const patch = (chatId: string, archived: boolean) =>
    updateList(queryClient, (chats) => setChatArchived(chats, chatId, archived));
  return useMutation({
    mutationKey: [...chatKeys.all, 'archive'],
    mutationFn: ({ chatId, archived }: { chatId: string; archived: boolean }) =>
      archiveChatRequest(chatId, archived),
    onMutate: ({ chatId, archived }) => patch(chatId, archived),
    onError: (_error, { chatId, archived }) => patch(chatId, !archived),
    onSuccess: (chat, { chatId }) => patch(chatId, chat.isArchived),
  });
}

export function useDeleteChatMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...chatKeys.all, 'delete'],
    mutationFn: deleteChatRequest,
    onSuccess: (_answer, chatId) => chatCache.remove(queryClient, chatId),
  });
}

function updateList(queryClient: QueryClient, update: (chats: Chat[]) => Chat[]): void {
  queryClient.setQueryData<Chat[]>(chatKeys.list(), (chats) => (chats ? update(chats) : chats));
}

function updateMessages(
  queryClient: QueryClient,
  chatId: string,
  update: (messages: ChatMessage[]) => ChatMessage[],
): void {
  queryClient.setQueryData<MessagesCache>(chatKeys.messages(chatId), (cache) =>
    cache ? { ...cache, messages: update(cache.messages) } : cache,
  );
}

/** What the socket module and the send flow do to the cache; each is one pure rule applied. */
export const chatCache = {
  /**
   * A server message (new_message or a send acknowledgement). A duplicate changes nothing; a
   * new one updates the chat's row, or refetches the list when the chat is unknown.
   */
  applyIncoming(
    queryClient: QueryClient,
    message: Message,
    context: { openChatId: string | null; myUserId: string | undefined },
  ): IncomingOutcome {
    const chatId = message.chatId || message.chat;
    let outcome: IncomingOutcome = 'appended';
    const cached = queryClient.getQueryData<MessagesCache>(chatKeys.messages(chatId));
    if (cached) {
      const result = reconcileIncoming(cached.messages, message);
      outcome = result.outcome;
      if (result.messages !== cached.messages) {
        queryClient.setQueryData<MessagesCache>(chatKeys.messages(chatId), {
          ...cached,
          messages: result.messages,
        });
      }
    }
    if (outcome === 'duplicate') return outcome;
    const list = queryClient.getQueryData<Chat[]>(chatKeys.list());
    if (!list) return outcome;
    const next = applyMessageToChats(list, message, context);
    if (next) queryClient.setQueryData(chatKeys.list(), next);
    else void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    return outcome;
  },
  addOptimistic(queryClient: QueryClient, message: ChatMessage): void {
    updateMessages(queryClient, message.chatId, (messages) => [...messages, message]);
  },
  removeOptimistic(queryClient: QueryClient, chatId: string, tempId: string): void {
    updateMessages(queryClient, chatId, (messages) => removeOptimistic(messages, tempId));
  },
  applyReceipt(queryClient: QueryClient, receipt: ReadReceiptEvent, myUserId: string | undefined): void {
    updateMessages(queryClient, receipt.chatId, (messages) => applyReadReceipt(messages, receipt));
    updateList(queryClient, (chats) => applyReceiptToChats(chats, receipt, myUserId));
  },
  setOnline(queryClient: QueryClient, userId: string, isOnline: boolean): void {
    updateList(queryClient, (chats) => setParticipantOnline(chats, userId, isOnline));
  },
  upsertFirst(queryClient: QueryClient, chat: Chat): void {
    // Also before the list has loaded (or after it failed): the chat must show, selected, at once.
    queryClient.setQueryData<Chat[]>(chatKeys.list(), (chats) => upsertChatFirst(chats ?? [], chat));
  },
  remove(queryClient: QueryClient, chatId: string): void {
    updateList(queryClient, (chats) => removeChat(chats, chatId));
    queryClient.removeQueries({ queryKey: chatKeys.messages(chatId) });
  },
  resetUnread(queryClient: QueryClient, chatId: string): void {
    updateList(queryClient, (chats) => resetUnread(chats, chatId));
  },
};
