import type { InboxContext } from '@fedify/fedify';
import { Flag, isActor } from '@fedify/vocab';
import {
  FEDERATION_FLAG_MAX_OBJECTS,
  FEDERATION_FLAG_MAX_OPEN,
  REPORT_DETAILS_MAX_LENGTH,
  type ReportTargetType,
} from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { newId } from '../../lib/ids.js';
import { countOpenReportsBy, findPostState, insertReportOnce } from '../moderation/moderation.repo.js';
import { htmlToText } from './federation.mapper.js';
import { federationContext, recipientOf } from './federation.outbox.service.js';
import { mayDeliverTo } from './federation.policy.service.js';
import {
  findActorRow,
  findRemoteActor,
  findRemoteActorByUri,
  findRemotePostTarget,
} from './federation.repo.js';
import { rememberActor } from './federation.inbox.service.js';

/**
 * Reports across servers (ActivityPub `Flag`, as Mastodon sends and reads them):
 * - in: a Flag naming our members (actor URIs) or posts (Note URIs) becomes one report per object
 *   in the moderation queue, reported by the sending account, reason `other`, its `content` as the
 *   details; at most FEDERATION_FLAG_MAX_OBJECTS objects per Flag and FEDERATION_FLAG_MAX_OPEN open
 *   reports per sending account; once per activity id and object however often it arrives.
 * - out: a member's report of a post or account of another server, with `forward: true`, is sent
 *   to that server as a Flag from the member's actor.
 */

const LOCAL_ACTOR = /^\/ap\/users\/([0-9a-f]{24})$/;
const LOCAL_NOTE = /^\/ap\/posts\/([0-9a-f]{24})$/;

/** What one object of a Flag names here: a member or a post, with whom the report is about. */
async function flaggedTarget(
  ctx: AppContext,
  uri: URL,
): Promise<{ type: ReportTargetType; id: string; userId: string } | null> {
  if (uri.origin !== new URL(ctx.config.federation!.origin).origin) return null;
  const member = LOCAL_ACTOR.exec(uri.pathname)?.[1];
  if (member) {
    const row = await findActorRow(ctx.db, member);
    return row && row.domain === null ? { type: 'user', id: row.id, userId: row.id } : null;
  }
  const postId = LOCAL_NOTE.exec(uri.pathname)?.[1];
  if (postId) {
    const post = await findPostState(ctx.db, postId);
    return post ? { type: 'post', id: post.id, userId: post.authorId } : null;
  }
  return null;
}

/** The account a Flag comes from: known already, else fetched and stored. */
async function reporterOf(fed: InboxContext<AppContext>, flag: Flag): Promise<string | null> {
  if (!flag.actorId) return null;
  const known = await findRemoteActorByUri(fed.data.db, flag.actorId.href);
  if (known) return known.userId;
  const actor = await flag.getActor(fed).catch(() => null);
  if (!actor || !isActor(actor) || actor.id?.href !== flag.actorId.href) return null;
  return rememberActor(fed, actor);
}

/** Flag from another server: reports in the moderation queue (see above). */
export async function onFlag(fed: InboxContext<AppContext>, flag: Flag): Promise<void> {
  const ctx = fed.data;
  if (!flag.id || !flag.actorId) return;
  const objects = flag.objectIds.slice(0, FEDERATION_FLAG_MAX_OBJECTS);
  const targets = (await Promise.all(objects.map((uri) => flaggedTarget(ctx, uri)))).filter(
    (t): t is NonNullable<typeof t> => t !== null,
  );
  if (targets.length === 0) return;
  const reporterId = await reporterOf(fed, flag);
  if (!reporterId) return;
  const details = htmlToText(flag.content?.toString() ?? '').slice(0, REPORT_DETAILS_MAX_LENGTH);
  let open = await countOpenReportsBy(ctx.db, reporterId);
  for (const target of targets) {
    if (open >= FEDERATION_FLAG_MAX_OPEN) return;
    const inserted = await insertReportOnce(ctx.db, {
      id: newId(),
      reporterId,
      targetType: target.type,
      targetId: target.id,
      targetUserId: target.userId,
      reason: 'other',
      details,
      activityUri: flag.id.href,
    });
    if (inserted) open += 1;
  }
}

/**
 * A member's report of an account (or a post) of another server, forwarded there as a Flag from
 * the member's actor: the account and the post's Note as objects, the reason and details as content.
 * Does nothing for members of this server, without FEDERATION, or to a suspended server.
 */
export async function sendFlag(
  ctx: AppContext,
  report: {
    id: string;
    reporterId: string;
    targetType: ReportTargetType;
    targetId: string;
    targetUserId: string;
  },
  content: string,
): Promise<void> {
  const fed = federationContext(ctx);
  if (!fed) return;
  const remote = await findRemoteActor(ctx.db, report.targetUserId);
  if (!remote || !(await mayDeliverTo(ctx.db, remote.uri))) return;
  const objects = [new URL(remote.uri)];
  if (report.targetType === 'post') {
    const post = await findRemotePostTarget(ctx.db, report.targetId);
    if (post) objects.push(new URL(post.uri));
  }
  const actor = fed.getActorUri(report.reporterId);
  await fed.sendActivity(
    { identifier: report.reporterId },
    recipientOf(remote),
    new Flag({ id: new URL(`${actor.href}#reports/${report.id}`), actor, objects, content }),
    { preferSharedInbox: true },
  );
}
