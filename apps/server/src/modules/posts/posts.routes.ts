import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  POST_MSG,
  ZCommentBody,
  ZCommentsQuery,
  ZCreatePostBody,
  ZFeedQuery,
  ZLikedPostsQuery,
  ZShareBody,
} from '@glimpse/shared';
import { parseId, parseInput } from '../../lib/validate.js';
import { viewerOf } from '../../plugins/auth.js';
import {
  addComment,
  getPostDetail,
  listComments,
  sharePost,
  toggleLike,
} from './posts.engagement.service.js';
import { createPost, deletePost, getLocationStats, listFeed, listLikedPosts } from './posts.service.js';

type WithId = { Params: { id: string } };
const postIdOf = (request: FastifyRequest<WithId>) => parseId(request.params.id, POST_MSG.invalidPostId);

export async function postsRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const optional = { preHandler: app.optionalAuth };
  const required = { preHandler: app.requireAuth };

  app.get('/api/posts', optional, async (request) =>
    listFeed(ctx, request.viewer, parseInput(ZFeedQuery, request.query)),
  );

  app.get('/api/posts/location-stats', optional, async (request) => getLocationStats(ctx, request.viewer));

  app.post('/api/posts', required, async (request, reply) => {
    const body = parseInput(ZCreatePostBody, request.body);
    return reply.status(201).send(await createPost(ctx, viewerOf(request), body));
  });

  app.get<WithId>('/api/posts/:id', optional, async (request) =>
    getPostDetail(ctx, request.viewer, postIdOf(request)),
  );

  app.delete<WithId>('/api/posts/:id', required, async (request) =>
    deletePost(ctx, viewerOf(request), postIdOf(request)),
  );

  app.get<WithId>('/api/posts/:id/comments', optional, async (request) => {
    const postId = postIdOf(request);
    return listComments(ctx, request.viewer, postId, parseInput(ZCommentsQuery, request.query));
  });

  app.post<WithId>('/api/posts/:id/like', required, async (request) =>
    toggleLike(ctx, viewerOf(request), postIdOf(request)),
  );

  app.post<WithId>('/api/posts/:id/comment', required, async (request, reply) => {
    const postId = postIdOf(request);
    const body = parseInput(ZCommentBody, request.body);
    return reply.status(201).send(await addComment(ctx, viewerOf(request), postId, body));
  });

  app.post<WithId>('/api/posts/:id/share', required, async (request) => {
    const postId = postIdOf(request);
    const body = parseInput(ZShareBody, request.body);
    // trustProxy is on, so protocol and host honour X-Forwarded-Proto/-Host behind a proxy.
    const origin = ctx.publicOrigin ?? `${request.protocol}://${request.host}`;
    return sharePost(ctx, viewerOf(request), postId, body, origin);
  });

  app.get('/api/users/me/liked-posts', required, async (request) =>
    listLikedPosts(ctx, viewerOf(request), parseInput(ZLikedPostsQuery, request.query)),
  );
}
