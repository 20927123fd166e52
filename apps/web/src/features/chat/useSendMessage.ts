import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { chatCache } from '../../api/queries/chats';
import { sendChatMessage } from '../../api/socket';
import { useAuth } from '../../lib/useAuth';
import { chatStore } from '../../api/chat/chat-store';
import { CHAT_TEXT } from '../../lib/text';
import {
  isValidChatId,
  makeOptimisticMessage,
  makeTempId,
  toMessageSender,
} from '../../api/chat/message-logic';

/**
 * SPEC §4 "Sending a message": shown at once as an optimistic entry, replaced by the server copy
 * (by the acknowledgement or by new_message, whichever comes first); on failure the entry goes
 * and the caller puts the text back. Resolves true when the message was stored.
 */
export function useSendMessage(chatId: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();

  return useCallback(
    async (text: string): Promise<boolean> => {
      const content = text.trim();
      if (!content || !user) return false;
      if (!isValidChatId(chatId)) {
        chatStore.setLastError(CHAT_TEXT.invalidChat);
        return false;
      }
      const tempId = makeTempId();
      chatCache.addOptimistic(
        queryClient,
        makeOptimisticMessage({ chatId, content, sender: toMessageSender(user), tempId }),
      );
      try {
        const stored = await sendChatMessage({ chatId, content, tempId });
        chatCache.applyIncoming(queryClient, stored, {
          openChatId: chatStore.getState().openChatId,
          myUserId: user.id,
        });
        return true;
      } catch {
        chatCache.removeOptimistic(queryClient, chatId, tempId);
        chatStore.setLastError(CHAT_TEXT.sendFailed);
        return false;
      }
    },
    [chatId, queryClient, user],
  );
}
