import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdminUserQuery,
  ZAuditLog,
  ZAuditQuery,
  ZCommentIdParams,
  ZEmptyBody,
  ZFederationDomainBody,
  ZFederationDomainList,
  ZFederationDomainParams,
  ZFederationDomainResponse,
  ZMessageAnswer,
  ZModeratedUserAnswer,
  ZModeratedUserResponse,
  ZReportBody,
  ZReportIdParams,
  ZReportQueue,
  ZReportResponse,
  ZReportsQuery,
  ZResolveReportBody,
  ZResolveReportResponse,
  ZRolesBody,
  ZSuspendBody,
  ZUserIdParams,
} from '@glimpse/shared';
import { BEARER_REQUIRED, ERROR_ANSWERS } from '../../plugins/api-docs.js';
import { urlsOf, viewerOf } from '../../plugins/auth.js';
import { rateLimit } from '../../plugins/rate-limit.js';
import { deleteDomain, listDomains, putDomain } from '../federation/federation.policy.service.js';
import { findModeratedUser, listAudit, updateRoles } from './admin.service.js';
import { deleteComment } from './comments.service.js';
import { createReport, listReports, resolveReport } from './reports.service.js';
import { suspendUser, unsuspendUser } from './suspension.service.js';

/** Reports, the moderation queue, suspensions, roles and the audit log (SPEC §6 permissions). */
export async function moderationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = { preValidation: app.requireAuth };
  const security = BEARER_REQUIRED;

  r.post(
    '/api/reports',
    {
      ...auth,
      config: rateLimit('reports'),
      schema: {
        summary: 'Reports a post, a comment or a member to the moderators (one open report per target)',
        security,
        body: ZReportBody,
        response: { 201: ZReportResponse, ...ERROR_ANSWERS },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createReport(ctx, viewerOf(request), request.body)),
  );

  r.get(
    '/api/moderation/reports',
    {
      ...auth,
      schema: {
        summary: 'The moderation queue with each target inline (view_reports)',
        security,
        querystring: ZReportsQuery,
        response: { 200: ZReportQueue, ...ERROR_ANSWERS },
      },
    },
    async (request) => listReports(ctx, viewerOf(request), request.query, urlsOf(app, request)),
  );

  r.post(
    '/api/moderation/reports/:id/resolve',
    {
      ...auth,
      schema: {
        summary: 'Resolves a report: dismiss, remove the content, or suspend its author (moderate_content)',
        security,
        params: ZReportIdParams,
        body: ZResolveReportBody,
        response: { 200: ZResolveReportResponse, ...ERROR_ANSWERS },
      },
    },
    async (request) => resolveReport(ctx, viewerOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/moderation/users/:id/suspend',
    {
      ...auth,
      schema: {
        summary:
          'Suspends a member until a date or until lifted; their sessions end at once (moderate_content)',
        security,
        params: ZUserIdParams,
        body: ZSuspendBody,
        response: { 200: ZModeratedUserResponse, ...ERROR_ANSWERS },
      },
    },
    async (request) => suspendUser(ctx, viewerOf(request), request.params.id, request.body),
  );

  r.post(
    '/api/moderation/users/:id/unsuspend',
    {
      ...auth,
      schema: {
        summary: 'Lifts a suspension (moderate_content)',
        security,
        params: ZUserIdParams,
        body: ZEmptyBody,
        response: { 200: ZModeratedUserResponse, ...ERROR_ANSWERS },
      },
    },
    async (request) => unsuspendUser(ctx, viewerOf(request), request.params.id),
  );

  r.put(
    '/api/admin/users/:id/roles',
    {
      ...auth,
      schema: {
        summary: "Sets a member's admin and moderator roles and named permissions (admins only)",
        security,
        params: ZUserIdParams,
        body: ZRolesBody,
        response: { 200: ZModeratedUserResponse, ...ERROR_ANSWERS },
      },
    },
    async (request) => updateRoles(ctx, viewerOf(request), request.params.id, request.body),
  );

  r.get(
    '/api/admin/users',
    {
      ...auth,
      schema: {
        summary: "A member's roles and suspension by username, for the roles screen (admins only)",
        security,
        querystring: ZAdminUserQuery,
        response: { 200: ZModeratedUserAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request) => findModeratedUser(ctx, viewerOf(request), request.query.username),
  );

  r.get(
    '/api/admin/audit',
    {
      ...auth,
      schema: {
        summary: 'The audit log of moderation and role actions, newest first (admins only)',
        security,
        querystring: ZAuditQuery,
        response: { 200: ZAuditLog, ...ERROR_ANSWERS },
      },
    },
    async (request) => listAudit(ctx, viewerOf(request), request.query),
  );

  r.get(
    '/api/admin/federation/domains',
    {
      ...auth,
      schema: {
        summary: "The admins' policies for other servers (suspend or silence), by domain (admins only)",
        security,
        response: { 200: ZFederationDomainList, ...ERROR_ANSWERS },
      },
    },
    async (request) => listDomains(ctx, viewerOf(request)),
  );

  r.put(
    '/api/admin/federation/domains/:domain',
    {
      ...auth,
      schema: {
        summary:
          'Suspends (nothing in or out; follows with its accounts end) or silences (posts reach followers only) another server (admins only)',
        security,
        params: ZFederationDomainParams,
        body: ZFederationDomainBody,
        response: { 200: ZFederationDomainResponse, ...ERROR_ANSWERS },
      },
    },
    async (request) => putDomain(ctx, viewerOf(request), request.params.domain, request.body),
  );

  r.delete(
    '/api/admin/federation/domains/:domain',
    {
      ...auth,
      schema: {
        summary: "Lifts a server's policy; follows a suspension ended stay ended (admins only)",
        security,
        params: ZFederationDomainParams,
        body: ZEmptyBody,
        response: { 200: ZFederationDomainResponse, ...ERROR_ANSWERS },
      },
    },
    async (request) => deleteDomain(ctx, viewerOf(request), request.params.domain),
  );

  r.delete(
    '/api/posts/:postId/comments/:commentId',
    {
      ...auth,
      schema: {
        summary: "Deletes a comment (its author, the post's author or a moderator)",
        security,
        params: ZCommentIdParams,
        body: ZEmptyBody,
        response: { 200: ZMessageAnswer, ...ERROR_ANSWERS },
      },
    },
    async (request) => deleteComment(ctx, viewerOf(request), request.params.postId, request.params.commentId),
  );
}
