import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZArchiveChatBody,
  ZChat,
  ZChatIdParams,
  ZChatList,
  ZChatMessagesQuery,
  ZCreateChatBody,
  ZEmptyBody,
  ZMessageAnswer,
  ZMessageList,
} from '@glimpse/shared';
import { BEARER_REQUIRED, ERROR_ANSWERS } from '../../plugins/api-docs.js';
import { urlsOf, viewerOf } from '../../plugins/auth.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { archiveChat, deleteChat, listChats, openDirectChat } from './chats.service.js';
import { listChatMessages } from './messages.service.js';

/** Chats over HTTP; messages are sent, read and typed over Socket.IO (realtime/). */
export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preValidation: app.requireAuth };
  const security = BEARER_REQUIRED;

  r.get(
    '/api/chats',
    {
      ...auth,
      schema: {
        summary: "The member's chats, most recent activity first",
        security,
        response: { 200: ZChatList, ...ERROR_ANSWERS },
      },
    },
    async (request) => listChats(ctx, viewerOf(request), urlsOf(app, request)),
  );

  r.post(
    '/api/chats',
    {
      ...auth,
      config: rateLimit('chats'),
      schema: {
        summary: 'The direct chat with a member: the existing one, or a new one',
        security,
        body: ZCreateChatBody,
        response: { 200: ZChat, ...ERROR_ANSWERS },
      },
    },
    async (request) =>
      openDirectChat(ctx, viewerOf(request), request.body.participantId, urlsOf(app, request)),
  );

  r.get(
    '/api/chats/:chatId/messages',
    {
      ...auth,
      schema: {
        summary: "A chat's messages, oldest first: the newest `limit` before `before`",
        security,
        params: ZChatIdParams,
        querystring: ZChatMessagesQuery,
        response: { 200: ZMessageList, ...ERROR_ANSWERS },
      },
    },
    async (request) =>
      listChatMessages(ctx, viewerOf(request), request.params.chatId, request.query, urlsOf(app, request)),
  );

  r.delete(
    '/api/chats/:chatId',
    {
      ...auth,
      schema: {
        summary: 'Deletes the chat and its history for every member',
        security,
        params: ZChatIdParams,
        body: ZEmptyBody,
        response: { 200: ZMessageAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request) => deleteChat(ctx, viewerOf(request), request.params.chatId),
  );

  r.put(
    '/api/chats/:chatId/archive',
    {
      ...auth,
      schema: {
        summary: "Moves the chat into (archived: true) or out of the caller's Archive tab",
        security,
        params: ZChatIdParams,
        body: ZArchiveChatBody,
        response: { 200: ZChat, ...ERROR_ANSWERS },
      },
    },
    async (request) =>
      archiveChat(ctx, viewerOf(request), request.params.chatId, request.body.archived, urlsOf(app, request)),
  );
}
