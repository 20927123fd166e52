import type { InboxContext, MessageQueue } from '@fedify/fedify';
import type { Activity } from '@fedify/vocab';
import {
  FEDERATION_MSG,
  type FederationDomain,
  type FederationDomainBody,
  type FederationDomainList,
  type FederationDomainResponse,
} from '@glimpse/shared';
import type { AppContext, Db } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Viewer } from '../../lib/permissions.js';
import { insertAuditEntry } from '../moderation/moderation.repo.js';
import {
  deleteDomainPolicy,
  dropFollowsWithDomain,
  effectiveLevel,
  listDomainPolicies,
  syncAccountFlags,
  upsertDomainPolicy,
  type DomainPolicyRow,
} from './federation.policy.repo.js';

/**
 * Admins' policies for other servers, and every check that applies them:
 * - suspend: nothing in or out. Inbox posts from the server are dropped before their signature is
 *   checked (`refusedInboxPost`, so nothing is fetched from it either) and activities already
 *   queued are dropped by the listener guard (`guardInboxListeners`); nothing is delivered to it
 *   (`mayDeliverTo`); `@user@host` search does not resolve it; its accounts are hidden as suspended
 *   members are (`users.federation_suspended`) and the follows with them end when the policy is set.
 * - silence: its accounts' posts reach only the members who follow them, as a private account's do
 *   (`users.federation_silenced`, read by the one visibility rule).
 * Lifting a policy restores normal handling; follows dropped by a suspension stay dropped.
 */

function requireAdmin(viewer: Viewer): void {
  if (!viewer.isAdmin) throw new AppError('FORBIDDEN');
}

const toDomain = (row: DomainPolicyRow): FederationDomain => ({
  domain: row.domain,
  level: row.level as FederationDomain['level'],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** GET /api/admin/federation/domains (admins). */
export async function listDomains(ctx: AppContext, viewer: Viewer): Promise<FederationDomainList> {
  requireAdmin(viewer);
  return { domains: (await listDomainPolicies(ctx.db)).map(toDomain) };
}

/** Our own host, which no policy may name. */
function ownHost(ctx: AppContext): string | null {
  const origin = ctx.config.federation?.origin ?? ctx.config.publicOrigin ?? null;
  return origin ? new URL(origin).host : null;
}

/**
 * PUT /api/admin/federation/domains/{domain} (admins): sets or changes the policy; the accounts'
 * flags, the follows a suspension drops (with both sides' counters) and the audit entry commit
 * together.
 */
export async function putDomain(
  ctx: AppContext,
  viewer: Viewer,
  domain: string,
  body: FederationDomainBody,
): Promise<FederationDomainResponse> {
  requireAdmin(viewer);
  if (domain === ownHost(ctx)) throw new AppError('VALIDATION', FEDERATION_MSG.domainIsOurs);
  const at = new Date();
  const { row, droppedFollows } = await ctx.db.transaction(async (tx) => {
    const { row, before } = await upsertDomainPolicy(tx, domain, body.level, viewer.id, at);
    await syncAccountFlags(tx, domain);
    const droppedFollows = body.level === 'suspend' ? await dropFollowsWithDomain(tx, domain) : 0;
    await insertAuditEntry(tx, {
      id: newId(at),
      actorId: viewer.id,
      action: 'federation_domain_set',
      targetType: 'domain',
      targetId: domain,
      note: '',
      details: { domain, before, level: body.level, droppedFollows },
      createdAt: at,
    });
    return { row, droppedFollows };
  });
  await ctx.events.feedPagesStale();
  return { message: FEDERATION_MSG.domainSaved, domain: toDomain(row), droppedFollows };
}

/** DELETE /api/admin/federation/domains/{domain} (admins): lifts the policy (404 when none). */
export async function deleteDomain(
  ctx: AppContext,
  viewer: Viewer,
  domain: string,
): Promise<FederationDomainResponse> {
  requireAdmin(viewer);
  const at = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    const row = await deleteDomainPolicy(tx, domain);
    if (!row) throw new AppError('NOT_FOUND', FEDERATION_MSG.domainNotFound);
    await syncAccountFlags(tx, domain);
    await insertAuditEntry(tx, {
      id: newId(at),
      actorId: viewer.id,
      action: 'federation_domain_lift',
      targetType: 'domain',
      targetId: domain,
      note: '',
      details: { domain, before: row.level },
      createdAt: at,
    });
    return row;
  });
  await ctx.events.feedPagesStale();
  return { message: FEDERATION_MSG.domainLifted, domain: toDomain(row), droppedFollows: 0 };
}

/** True when an admin suspended the server of `url` (a URL, or a host[:port]). */
export async function isDomainSuspended(db: Db, url: URL | string | null | undefined): Promise<boolean> {
  if (!url) return false;
  const host = url instanceof URL ? url.host : url;
  return (await effectiveLevel(db, host)) === 'suspend';
}

/**
 * The delivery queue as Fedify uses it, with one more check when a delivery's turn comes: a
 * message to a server an admin has suspended since it was queued (the senders check when they
 * queue) is dropped, not sent. Everything else passes through unchanged.
 */
export function dropSuspendedDeliveries(queue: MessageQueue, db: Db): MessageQueue {
  const isSuspendedDelivery = async (message: unknown) => {
    const m = message as { type?: unknown; inbox?: unknown } | null;
    if (m?.type !== 'outbox' || typeof m.inbox !== 'string') return false;
    return URL.canParse(m.inbox) && (await isDomainSuspended(db, new URL(m.inbox)));
  };
  return {
    nativeRetrial: queue.nativeRetrial,
    enqueue: (message, options) => queue.enqueue(message, options),
    ...(queue.enqueueMany && { enqueueMany: queue.enqueueMany.bind(queue) }),
    ...(queue.getDepth && { getDepth: queue.getDepth.bind(queue) }),
    listen: (handler, options) =>
      queue.listen(async (message) => {
        if (await isSuspendedDelivery(message)) return;
        await handler(message);
      }, options),
  };
}

/** Whether something may be delivered to (or fetched from) `url`'s server. */
export async function mayDeliverTo(db: Db, url: URL | string): Promise<boolean> {
  return !(await isDomainSuspended(db, typeof url === 'string' ? new URL(url) : url));
}

/** The actor an activity's JSON names (`actor` as a string, an object with `id`, or the first of a list). */
function actorOfJson(json: unknown): string | null {
  if (!json || typeof json !== 'object') return null;
  let actor = (json as { actor?: unknown }).actor;
  if (Array.isArray(actor)) actor = actor[0];
  if (typeof actor === 'string') return actor;
  if (actor && typeof actor === 'object' && typeof (actor as { id?: unknown }).id === 'string')
    return (actor as { id: string }).id;
  return null;
}

/** The host of the key a request's `Signature` (draft-cavage) or `Signature-Input` (RFC 9421) names. */
function signingHosts(request: Request): string[] {
  const hosts: string[] = [];
  const text = `${request.headers.get('signature') ?? ''} ${request.headers.get('signature-input') ?? ''}`;
  for (const m of text.matchAll(/keyid="([^"]+)"/gi)) {
    try {
      hosts.push(new URL(m[1]!).host);
    } catch {
      // not a URL: Fedify refuses the signature itself
    }
  }
  return hosts;
}

/**
 * True when an inbox POST comes from a suspended server (its actor or its signing key there): it
 * is answered 202 and dropped, before Fedify would fetch the key to check the signature.
 */
export async function refusedInboxPost(ctx: AppContext, request: Request): Promise<boolean> {
  if (request.method !== 'POST' || !new URL(request.url).pathname.endsWith('/inbox')) return false;
  let actor: string | null = null;
  try {
    actor = actorOfJson(await request.clone().json());
  } catch {
    actor = null;
  }
  const hosts = signingHosts(request);
  if (actor) {
    try {
      hosts.push(new URL(actor).host);
    } catch {
      // not a URL: Fedify refuses the activity itself
    }
  }
  for (const host of new Set(hosts)) if (await isDomainSuspended(ctx.db, host)) return true;
  return false;
}

type Listener<T extends Activity> = (ctx: InboxContext<AppContext>, activity: T) => Promise<void>;
interface ListenerSetters {
  on<T extends Activity>(type: new (...args: never[]) => T, listener: Listener<T>): ListenerSetters;
}

/**
 * The inbox listeners with the domain policy in front of each: an activity from a suspended server
 * (one queued before the suspension, say) is dropped. Every `.on(...)` on the answer is guarded;
 * the setters' other methods are passed through (and chain on the guarded setters).
 */
export function guardInboxListeners<S extends ListenerSetters>(setters: S): S {
  const guarded: S = new Proxy(setters, {
    get(target, prop) {
      if (prop === 'on') {
        return <T extends Activity>(type: new (...args: never[]) => T, listener: Listener<T>) => {
          target.on(type, async (fed: InboxContext<AppContext>, activity: T) => {
            if (await isDomainSuspended(fed.data.db, activity.actorId)) return;
            await listener(fed, activity);
          });
          return guarded;
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const answer: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        return answer === target ? guarded : answer;
      };
    },
  });
  return guarded;
}
