import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCommentBody,
  ZCommentIdParams,
  ZCommentResult,
  ZCommentsPage,
  ZCommentsQuery,
  ZCreatePostBody,
  ZCreatePostResponse,
  ZEmptyBody,
  ZFeedQuery,
  ZLikedPostsQuery,
  ZLikeResult,
  ZSavedPostsQuery,
  ZSaveResult,
  ZLocationStat,
  ZMessageAnswer,
  ZNearestCity,
  ZNearestCityQuery,
  ZPostDetail,
  ZPostIdParams,
  ZPostList,
  ZShareBody,
  ZShareResult,
  ZUnshareResult,
  ZTaggedPostsQuery,
  ZTagParams,
  ZTagStat,
  ZUpdateCommentResult,
  ZUpdatePostBody,
  ZUpdatePostResponse,
  ZUserIdParams,
  type PostList,
} from '@glimpse/shared';
import { BEARER_OPTIONAL, BEARER_REQUIRED, ERROR_ANSWERS } from '../../plugins/api-docs.js';
import { urlsOf, viewerOf } from '../../plugins/auth.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import {
  addComment,
  getPostDetail,
  listComments,
  sharePost,
  unsharePost,
  toggleLike,
} from './posts.engagement.service.js';
import { updateComment, updatePost } from './posts.edit.service.js';
import { listSavedPosts, toggleSave } from './posts.saves.service.js';
import { listTaggedPosts, removeOwnTag } from './posts.tagged.service.js';
import { getTagStat } from './posts.tags.service.js';
import {
  createPost,
  deletePost,
  getLocationStats,
  getNearestCity,
  listFeedJson,
  listLikedPosts,
} from './posts.service.js';

/** What Fastify itself sends with a serialized JSON answer. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export async function postsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const optional = { preValidation: app.optionalAuth };
  const required = { preValidation: app.requireAuth };

  r.get(
    '/api/posts',
    {
      preValidation: app.optionalAuthCached,
      schema: {
        summary: 'Feeds: newest or trending, by category, text, followed authors, author or city',
        security: BEARER_OPTIONAL,
        querystring: ZFeedQuery,
        response: { 200: ZPostList, ...ERROR_ANSWERS },
      },
    },
    async (request, reply) => {
      const json = await listFeedJson(ctx, request.viewer, request.query, {
        urls: urlsOf(app, request),
        requestUrl: request.url,
      });
      // Already written from ZPostList by the schema-driven writer (lib/json-writer.ts): Fastify
      // sends a Buffer as is. The type provider only knows objects.
      return reply.type(JSON_CONTENT_TYPE).send(json as unknown as PostList);
    },
  );

  r.get(
    '/api/posts/location-stats',
    {
      ...optional,
      schema: {
        summary: 'Cities with the number of posts the viewer may see there, most first',
        security: BEARER_OPTIONAL,
        response: { 200: z.array(ZLocationStat), ...ERROR_ANSWERS },
      },
    },
    async (request) => getLocationStats(ctx, request.viewer),
  );

  r.get(
    '/api/posts/nearest-city',
    {
      ...optional,
      schema: {
        summary: 'The city of the nearest post the viewer may see (offered when reverse geocoding fails)',
        security: BEARER_OPTIONAL,
        querystring: ZNearestCityQuery,
        response: { 200: ZNearestCity, ...ERROR_ANSWERS },
      },
    },
    async (request) => getNearestCity(ctx, request.viewer, request.query),
  );

  r.get(
    '/api/tags/:tag',
    {
      ...optional,
      schema: {
        summary: "A tag's page header: the tag and how many of its posts the viewer may see",
        security: BEARER_OPTIONAL,
        params: ZTagParams,
        response: { 200: ZTagStat, ...ERROR_ANSWERS },
      },
    },
    async (request) => getTagStat(ctx, request.viewer, request.params.tag),
  );

  r.post(
    '/api/posts',
    {
      ...required,
      config: rateLimit('posts'),
      schema: {
        summary: "Creates a post from the caller's uploads (POST /api/posts/upload-media)",
        security: BEARER_REQUIRED,
        body: ZCreatePostBody,
        response: { 201: ZCreatePostResponse, ...ERROR_ANSWERS },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPost(ctx, viewerOf(request), request.body, urlsOf(app, request))),
  );

  r.get(
    '/api/posts/:id',
    {
      ...optional,
      schema: {
        summary: 'One post with its newest comments; counts the view',
        security: BEARER_OPTIONAL,
        params: ZPostIdParams,
        response: { 200: ZPostDetail, ...ERROR_ANSWERS },
      },
    },
    async (request) =>
      getPostDetail(ctx, request.viewer, request.params.id, urlsOf(app, request), request.ip),
  );

  r.put(
    '/api/posts/:id',
    {
      ...required,
      config: rateLimit('edits'),
      schema: {
        summary: 'Edits a post (its author): fields, privacy, location, the order and texts of its images',
        security: BEARER_REQUIRED,
        params: ZPostIdParams,
        body: ZUpdatePostBody,
        response: { 200: ZUpdatePostResponse, ...ERROR_ANSWERS },
      },
    },
    async (request) =>
      updatePost(ctx, viewerOf(request), request.params.id, request.body, urlsOf(app, request)),
  );

  r.put(
    '/api/posts/:postId/comments/:commentId',
    {
      ...required,
      config: rateLimit('edits'),
      schema: {
        summary: 'Edits a comment (its author)',
        security: BEARER_REQUIRED,
        params: ZCommentIdParams,
        body: ZCommentBody,
        response: { 200: ZUpdateCommentResult, ...ERROR_ANSWERS },
      },
    },
    async (request) =>
      updateComment(ctx, viewerOf(request), request.params, request.body, urlsOf(app, request)),
  );

  r.delete(
    '/api/posts/:id',
    {
      ...required,
      schema: {
        summary: 'Deletes a post (its author or a moderator)',
        security: BEARER_REQUIRED,
        params: ZPostIdParams,
        body: ZEmptyBody,
        response: { 200: ZMessageAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request) => deletePost(ctx, viewerOf(request), request.params.id),
  );

  r.get(
    '/api/posts/:id/comments',
    {
      ...optional,
      schema: {
        summary: "A post's comments, newest first, by page or cursor",
        security: BEARER_OPTIONAL,
        params: ZPostIdParams,
        querystring: ZCommentsQuery,
        response: { 200: ZCommentsPage, ...ERROR_ANSWERS },
      },
    },
    async (request) =>
      listComments(ctx, request.viewer, request.params.id, request.query, urlsOf(app, request)),
  );

  r.post(
    '/api/posts/:id/like',
    {
      ...required,
      config: rateLimit('likes'),
      schema: {
        summary: 'Likes, or unlikes when already liked',
        security: BEARER_REQUIRED,
        params: ZPostIdParams,
        body: ZEmptyBody,
        response: { 200: ZLikeResult, ...ERROR_ANSWERS },
      },
    },
    async (request) => toggleLike(ctx, viewerOf(request), request.params.id, urlsOf(app, request)),
  );

  r.post(
    '/api/posts/:id/save',
    {
      ...required,
      config: rateLimit('saves'),
      schema: {
        summary: 'Saves, or unsaves when already saved (private: only the member lists their saves)',
        security: BEARER_REQUIRED,
        params: ZPostIdParams,
        body: ZEmptyBody,
        response: { 200: ZSaveResult, ...ERROR_ANSWERS },
      },
    },
    async (request) => toggleSave(ctx, viewerOf(request), request.params.id),
  );

  r.get(
    '/api/users/me/saved',
    {
      ...required,
      schema: {
        summary: 'Posts the member saved, newest save first (only those they may still see)',
        security: BEARER_REQUIRED,
        querystring: ZSavedPostsQuery,
        response: { 200: ZPostList, ...ERROR_ANSWERS },
      },
    },
    async (request) => listSavedPosts(ctx, viewerOf(request), request.query, urlsOf(app, request)),
  );

  r.post(
    '/api/posts/:id/comment',
    {
      ...required,
      config: rateLimit('comments'),
      schema: {
        summary: 'Adds a comment',
        security: BEARER_REQUIRED,
        params: ZPostIdParams,
        body: ZCommentBody,
        response: { 201: ZCommentResult, ...ERROR_ANSWERS },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await addComment(ctx, viewerOf(request), request.params.id, request.body, urlsOf(app, request)),
        ),
  );

  r.post(
    '/api/posts/:id/share',
    {
      ...required,
      config: rateLimit('shares'),
      schema: {
        summary: 'Records a share; answers the new count and the link to share',
        security: BEARER_REQUIRED,
        params: ZPostIdParams,
        body: ZShareBody,
        response: { 200: ZShareResult, ...ERROR_ANSWERS },
      },
    },
    async (request) =>
      sharePost(ctx, viewerOf(request), request.params.id, request.body, urlsOf(app, request)),
  );

  r.delete(
    '/api/posts/:id/share',
    {
      ...required,
      config: rateLimit('shares'),
      schema: {
        summary: "Takes back the caller's reposts of the post (an Undo(Announce) where they went)",
        security: BEARER_REQUIRED,
        params: ZPostIdParams,
        body: ZEmptyBody,
        response: { 200: ZUnshareResult, ...ERROR_ANSWERS },
      },
    },
    async (request) => unsharePost(ctx, viewerOf(request), request.params.id),
  );

  r.delete(
    '/api/posts/:id/tags/me',
    {
      ...required,
      schema: {
        summary: 'Takes the caller off the members tagged in a post',
        security: BEARER_REQUIRED,
        params: ZPostIdParams,
        body: ZEmptyBody,
        response: { 200: ZMessageAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request) => removeOwnTag(ctx, viewerOf(request), request.params.id),
  );

  r.get(
    '/api/users/:id/tagged',
    {
      ...optional,
      schema: {
        summary: 'Posts a member is tagged in, newest tag first (only those the caller may see)',
        security: BEARER_OPTIONAL,
        params: ZUserIdParams,
        querystring: ZTaggedPostsQuery,
        response: { 200: ZPostList, ...ERROR_ANSWERS },
      },
    },
    async (request) =>
      listTaggedPosts(ctx, request.viewer, request.params.id, request.query, urlsOf(app, request)),
  );

  r.get(
    '/api/users/me/liked-posts',
    {
      ...required,
      schema: {
        summary: 'Posts the member liked, newest like first',
        security: BEARER_REQUIRED,
        querystring: ZLikedPostsQuery,
        response: { 200: ZPostList, ...ERROR_ANSWERS },
      },
    },
    async (request) => listLikedPosts(ctx, viewerOf(request), request.query, urlsOf(app, request)),
  );
}
