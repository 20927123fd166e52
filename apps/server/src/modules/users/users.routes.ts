import type { FastifyInstance } from 'fastify';
import { USER_MSG, ZChangePasswordBody, ZListUsersQuery, ZUpdateProfileBody } from '@glimpse/shared';
import { parseId, parseInput } from '../../lib/validate.js';
import { viewerOf } from '../../plugins/auth.js';
import { readImageParts } from '../media/media.multipart.js';
import { AVATAR_PARTS, uploadAvatar } from './avatar.service.js';
import { getFollowStatus, toggleFollow } from './follows.service.js';
import { changePassword } from './password.service.js';
import { getProfile, listPeople, updateProfile } from './users.service.js';

/** People: follow, profiles, the people list and the owner's settings (API.md "Calls"). */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const auth = { preHandler: app.requireAuth };

  app.post<{ Params: { id: string } }>('/api/users/:id/follow', auth, async (request) =>
    toggleFollow(ctx, viewerOf(request), parseId(request.params.id, USER_MSG.invalidUserId)),
  );

  app.get<{ Params: { id: string } }>('/api/users/:id/follow-status', auth, async (request) =>
    getFollowStatus(ctx, viewerOf(request), parseId(request.params.id, USER_MSG.invalidUserId)),
  );

  app.get<{ Params: { username: string } }>(
    '/api/users/profile/:username',
    { preHandler: app.optionalAuth },
    async (request) => getProfile(ctx, request.viewer, request.params.username),
  );

  app.get('/api/users', auth, async (request) =>
    listPeople(ctx, viewerOf(request), parseInput(ZListUsersQuery, request.query)),
  );

  app.put('/api/users/profile', auth, async (request) =>
    updateProfile(ctx, viewerOf(request), parseInput(ZUpdateProfileBody, request.body)),
  );

  app.post('/api/users/avatar', auth, async (request) => {
    const [file] = await readImageParts(request, AVATAR_PARTS);
    return uploadAvatar(ctx, viewerOf(request), file!);
  });

  app.put('/api/users/password', auth, async (request) =>
    changePassword(ctx, viewerOf(request), parseInput(ZChangePasswordBody, request.body)),
  );
}
