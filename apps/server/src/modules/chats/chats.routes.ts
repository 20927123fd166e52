import type { FastifyInstance } from 'fastify';
import { SOCKET_ERRORS, ZChatMessagesQuery, ZCreateChatBody } from '@glimpse/shared';
import { parseId, parseInput } from '../../lib/validate.js';
import { viewerOf } from '../../plugins/auth.js';
import { deleteChat, listChats, openDirectChat } from './chats.service.js';
import { listChatMessages } from './messages.service.js';

/** Chats over HTTP; messages are sent, read and typed over Socket.IO (realtime/). */
export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.requireAuth };

  app.get('/api/chats', auth, async (request) => listChats(app.ctx, viewerOf(request)));

  app.post('/api/chats', auth, async (request) => {
    const body = parseInput(ZCreateChatBody, request.body);
    return openDirectChat(app.ctx, app.io, viewerOf(request), body.participantId);
  });

  app.get<{ Params: { chatId: string } }>('/api/chats/:chatId/messages', auth, async (request) => {
    const chatId = parseId(request.params.chatId, SOCKET_ERRORS.invalidChatId);
    const query = parseInput(ZChatMessagesQuery, request.query);
    return listChatMessages(app.ctx, viewerOf(request), chatId, query);
  });

  app.delete<{ Params: { chatId: string } }>('/api/chats/:chatId', auth, async (request) => {
    const chatId = parseId(request.params.chatId, SOCKET_ERRORS.invalidChatId);
    return deleteChat(app.ctx, app.io, viewerOf(request), chatId);
  });
}
