import { isValidId, type Chat } from '@glimpse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { chatCache, chatKeys, useCreateChatMutation, useDeleteChatMutation } from '../../api/queries/chats';
import { joinChatRoom, leaveChatRoom } from '../../api/socket';
import { chatStore } from '../../api/chat/chat-store';
import { CHAT_TEXT } from '../../lib/text';
import { errorReason } from '../../api/http';
import { findDirectChatWith } from '../../api/chat/conversation-logic';
import { idOf, isValidChatId } from '../../api/chat/message-logic';

/** The outcome of an action the UI reports: nothing, or the spec's error text. */
export type ActionResult = { ok: true } | { ok: false; error: string };

/**
 * Selecting, creating and deleting conversations (SPEC §4 "Opening a chat", "Create chat",
 * "Delete chat"). Messages are force-loaded by the conversation pane, which mounts per chat.
 */
export function useChatActions() {
  const queryClient = useQueryClient();
  const createChat = useCreateChatMutation();
  const deleteChat = useDeleteChatMutation();
  // The mutation objects change every render; their mutateAsync does not.
  const { mutateAsync: create } = createChat;
  const { mutateAsync: destroy } = deleteChat;

  const selectChat = useCallback(
    (
      chatId: unknown,
      { invalidText = CHAT_TEXT.invalidChat }: { invalidText?: string } = {},
    ): ActionResult => {
      if (!isValidChatId(chatId)) {
        chatStore.setLastError(invalidText);
        return { ok: false, error: invalidText };
      }
      chatStore.setOpenChat(chatId);
      // A fresh start: an earlier failure (send, create, invalid selection) no longer applies.
      chatStore.setLastError(null);
      chatCache.resetUnread(queryClient, chatId);
      // The server joins every room of the user on sign-in; joining again covers a chat made since.
      joinChatRoom(chatId);
      return { ok: true };
    },
    [queryClient],
  );

  const closeChat = useCallback(() => chatStore.setOpenChat(null), []);

  /** The direct chat with a member, made if needed (POST /api/chats), placed first and selected. */
  const openConversationWith = useCallback(
    async (userId: string): Promise<ActionResult> => {
      if (!isValidId(userId)) {
        chatStore.setLastError(CHAT_TEXT.invalidConversation);
        return { ok: false, error: CHAT_TEXT.invalidConversation };
      }
      const known = queryClient.getQueryData<Chat[]>(chatKeys.list());
      const existing = known && findDirectChatWith(known, userId);
      if (existing) {
        chatCache.upsertFirst(queryClient, existing);
        return selectChat(idOf(existing), { invalidText: CHAT_TEXT.invalidConversation });
      }
      try {
        const chat = await create(userId);
        return selectChat(idOf(chat), { invalidText: CHAT_TEXT.invalidConversation });
      } catch (error) {
        const text = CHAT_TEXT.createFailed(errorReason(error));
        chatStore.setLastError(text);
        return { ok: false, error: text };
      }
    },
    [create, queryClient, selectChat],
  );

  /** DELETE /api/chats/{id}: removed locally, selection cleared, room left. */
  const removeChat = useCallback(
    async (chatId: string): Promise<ActionResult> => {
      try {
        await destroy(chatId);
      } catch (error) {
        return { ok: false, error: CHAT_TEXT.deleteFailed(errorReason(error)) };
      }
      leaveChatRoom(chatId);
      chatStore.clearTyping(chatId);
      if (chatStore.getState().openChatId === chatId) chatStore.setOpenChat(null);
      return { ok: true };
    },
    [destroy],
  );

  return {
    selectChat,
    closeChat,
    openConversationWith,
    removeChat,
    isCreating: createChat.isPending,
    isDeleting: deleteChat.isPending,
  };
}
