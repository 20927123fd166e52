import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAvatarResponse,
  ZBlockResult,
  ZBlockedUsers,
  ZChangePasswordBody,
  ZChangePasswordResponse,
  ZEmptyBody,
  ZFollowRequestAnswer,
  ZFollowRequestParams,
  ZFollowRequests,
  ZFollowResult,
  ZFollowStatus,
  ZListUsersQuery,
  ZProfileResponse,
  ZPublicUser,
  ZUpdateProfileBody,
  ZUpdateProfileResponse,
  ZUserIdParams,
  ZUsernameParams,
} from '@glimpse/shared';
import { BEARER_OPTIONAL, BEARER_REQUIRED, ERROR_ANSWERS } from '../../plugins/api-docs.js';
import { urlsOf, viewerOf } from '../../plugins/auth.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { readImageParts } from '../media/media.multipart.js';
import { AVATAR_PARTS, uploadAvatar } from './avatar.service.js';
import { blockUser, listBlocked, unblockUser } from './blocks.service.js';
import { answerFollowRequest, getFollowRequests } from './follow-requests.service.js';
import { getFollowStatus, toggleFollow } from './follows.service.js';
import { changePassword } from './password.service.js';
import { getProfile, listPeople, updateProfile } from './users.service.js';

/** People: follow, profiles, the people list and the owner's settings (API.md "Calls"). */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preValidation: app.requireAuth };
  const security = BEARER_REQUIRED;

  r.post(
    '/api/users/:id/follow',
    {
      ...auth,
      config: rateLimit('follows'),
      schema: {
        summary:
          'Follows, or unfollows when already following; for a private account sends a follow request (again: cancels it)',
        security,
        params: ZUserIdParams,
        body: ZEmptyBody,
        response: { 200: ZFollowResult, ...ERROR_ANSWERS },
      },
    },
    async (request) => toggleFollow(ctx, viewerOf(request), request.params.id, urlsOf(app, request)),
  );

  r.post(
    '/api/users/:id/block',
    {
      ...auth,
      schema: {
        summary: 'Blocks a member: neither sees nor reaches the other; follows between them end',
        security,
        params: ZUserIdParams,
        body: ZEmptyBody,
        response: { 200: ZBlockResult, ...ERROR_ANSWERS },
      },
    },
    async (request) => blockUser(ctx, viewerOf(request), request.params.id),
  );

  r.delete(
    '/api/users/:id/block',
    {
      ...auth,
      schema: {
        summary: 'Unblocks a member (follows are not restored)',
        security,
        params: ZUserIdParams,
        body: ZEmptyBody,
        response: { 200: ZBlockResult, ...ERROR_ANSWERS },
      },
    },
    async (request) => unblockUser(ctx, viewerOf(request), request.params.id),
  );

  r.get(
    '/api/users/me/blocked',
    {
      ...auth,
      schema: {
        summary: 'The members the caller blocked, most recent first (Settings → Blocking)',
        security,
        response: { 200: ZBlockedUsers, ...ERROR_ANSWERS },
      },
    },
    async (request) => listBlocked(ctx, viewerOf(request), urlsOf(app, request)),
  );

  r.get(
    '/api/users/me/follow-requests',
    {
      ...auth,
      schema: {
        summary: 'Who asked to follow the (private) member, newest first',
        security,
        response: { 200: ZFollowRequests, ...ERROR_ANSWERS },
      },
    },
    async (request) => getFollowRequests(ctx, viewerOf(request), urlsOf(app, request)),
  );

  for (const action of ['accept', 'decline'] as const) {
    r.post(
      `/api/users/me/follow-requests/:userId/${action}`,
      {
        ...auth,
        schema: {
          summary:
            action === 'accept'
              ? 'Accepts a follow request: the member now follows'
              : 'Declines a follow request (the member is not told)',
          security,
          params: ZFollowRequestParams,
          body: ZEmptyBody,
          response: { 200: ZFollowRequestAnswer, ...ERROR_ANSWERS },
        },
      },
      async (request) =>
        answerFollowRequest(ctx, viewerOf(request), request.params.userId, {
          accept: action === 'accept',
          urls: urlsOf(app, request),
        }),
    );
  }

  r.get(
    '/api/users/:id/follow-status',
    {
      ...auth,
      schema: {
        summary: 'Whether the member follows this user, or asked to (a private account)',
        security,
        params: ZUserIdParams,
        response: { 200: ZFollowStatus, ...ERROR_ANSWERS },
      },
    },
    async (request) => getFollowStatus(ctx, viewerOf(request), request.params.id),
  );

  r.get(
    '/api/users/profile/:username',
    {
      preValidation: app.optionalAuth,
      schema: {
        summary: 'A profile by username (case-insensitive): SelfUser for oneself, else PublicUser',
        security: BEARER_OPTIONAL,
        params: ZUsernameParams,
        response: { 200: ZProfileResponse, ...ERROR_ANSWERS },
      },
    },
    async (request) => getProfile(ctx, request.viewer, request.params.username, urlsOf(app, request)),
  );

  r.get(
    '/api/users',
    {
      ...auth,
      schema: {
        summary: 'Other members for pickers: followed first, then the most followed (a bare array)',
        security,
        querystring: ZListUsersQuery,
        response: { 200: z.array(ZPublicUser), ...ERROR_ANSWERS },
      },
    },
    async (request) => listPeople(ctx, viewerOf(request), request.query, urlsOf(app, request)),
  );

  r.put(
    '/api/users/profile',
    {
      ...auth,
      schema: {
        summary: 'Settings "Account": only the fields sent change',
        security,
        body: ZUpdateProfileBody,
        response: { 200: ZUpdateProfileResponse, ...ERROR_ANSWERS },
      },
    },
    async (request) => updateProfile(ctx, viewerOf(request), request.body, urlsOf(app, request)),
  );

  r.post(
    '/api/users/avatar',
    {
      ...auth,
      config: rateLimit('uploads'),
      schema: {
        summary: 'Replaces the avatar: multipart/form-data, one image file in the field "avatar" (≤ 5 MB)',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: ZAvatarResponse, ...ERROR_ANSWERS },
      },
    },
    async (request) => {
      const [file] = await readImageParts(request, AVATAR_PARTS);
      return uploadAvatar(ctx, viewerOf(request), file!, urlsOf(app, request));
    },
  );

  r.put(
    '/api/users/password',
    {
      ...auth,
      schema: {
        summary: "Changes the password; every other session ends, the caller's token keeps working",
        security,
        body: ZChangePasswordBody,
        response: { 200: ZChangePasswordResponse, ...ERROR_ANSWERS },
      },
    },
    async (request) => changePassword(ctx, viewerOf(request), request.body),
  );
}
