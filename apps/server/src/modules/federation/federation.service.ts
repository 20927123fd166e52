import type { webcrypto } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  createFederation,
  exportJwk,
  generateCryptoKeyPair,
  importJwk,
  type Federatable,
  type Federation,
} from '@fedify/fedify';
import { Note } from '@fedify/vocab';
import { preloadedContexts } from '@fedify/vocab-runtime';
import type { FederationConfig } from '../../config.js';
import type { AppContext, Db } from '../../context.js';
import { publicUrlsFor } from '../../lib/public-urls.js';
import { isSuspendedNow } from '../users/suspension.js';
import { registerInboxListeners } from './federation.inbox.service.js';
import { ensureBlurhashes } from './federation.blurhash.js';
import { toNote, toPerson } from './federation.mapper.js';
import { audienceOf, recipientOf } from './federation.outbox.service.js';
import {
  findActorRow,
  findMemberIdByUsername,
  findOutgoingPost,
  listRemoteFollowers,
  insertKeyPairs,
  listKeyPairs,
  readNodeUsage,
  type StoredKeyPair,
} from './federation.repo.js';
import { createRedisMessageQueue } from './federation.redis-queue.js';
import { dropSuspendedDeliveries } from './federation.policy.service.js';
import { createPgKvStore, createPgMessageQueue } from './federation.store.repo.js';

/** Where actors live: `/ap/users/<member id>` (ids never change; usernames may). */
export const ACTOR_PATH = '/ap/users/{identifier}';
export const SHARED_INBOX_PATH = '/ap/inbox';
/** Requests under these paths go to Fedify; nothing else does. */
export const FEDERATION_PATH_PREFIXES = [
  '/.well-known/webfinger',
  '/.well-known/nodeinfo',
  '/nodeinfo/',
  '/ap/',
];

/** The two key types every actor has: RSA (draft-cavage signatures) first, then Ed25519 (RFC 9421, proofs). */
const KEY_ALGORITHMS = ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const;

export type GlimpseFederation = Federation<AppContext>;

/** The member's key pairs, made and stored the first time they are needed. */
export async function actorKeyPairs(db: Db, userId: string): Promise<webcrypto.CryptoKeyPair[]> {
  let stored = await listKeyPairs(db, userId);
  const missing = KEY_ALGORITHMS.filter((a) => !stored.some((s) => s.algorithm === a));
  if (missing.length > 0) {
    const made: StoredKeyPair[] = [];
    for (const algorithm of missing) {
      const pair = await generateCryptoKeyPair(algorithm);
      made.push({
        algorithm,
        privateKey: await exportJwk(pair.privateKey),
        publicKey: await exportJwk(pair.publicKey),
      });
    }
    await insertKeyPairs(db, userId, made);
    // A concurrent first request may have stored its own: everyone uses the stored ones.
    stored = await listKeyPairs(db, userId);
  }
  const ordered = KEY_ALGORITHMS.map((a) => stored.find((s) => s.algorithm === a)).filter(
    (s): s is StoredKeyPair => s !== undefined,
  );
  return Promise.all(
    ordered.map(async (s) => ({
      privateKey: await importJwk(s.privateKey, 'private'),
      publicKey: await importJwk(s.publicKey, 'public'),
    })),
  );
}

/** The member behind an actor identifier, when they exist and may federate (not suspended). */
async function federatingMember(db: Db, identifier: string) {
  const row = await findActorRow(db, identifier);
  if (!row || row.domain !== null || isSuspendedNow(row)) return undefined;
  return row;
}

/**
 * JSON-LD contexts that peers put in what they send and that Fedify does not ship: preloaded (as
 * Fedify preloads its own) so that reading such an activity never depends on the context's host.
 * Without it a Note of @evanp/activitypub-bot (federation.interop.test.ts) fails to parse when
 * purl.archive.org cannot be reached, and is dropped.
 */
const EXTRA_CONTEXTS: Record<string, unknown> = {
  // The SocialCG thread extension: `thread` and `root` of a conversation, both ids.
  'https://purl.archive.org/socialweb/thread/1.0': {
    '@context': {
      thr: 'https://purl.archive.org/socialweb/thread#',
      thread: { '@id': 'thr:thread', '@type': '@id' },
      root: { '@id': 'thr:root', '@type': '@id' },
    },
  },
};

function preloadExtraContexts(): void {
  for (const [url, document] of Object.entries(EXTRA_CONTEXTS)) preloadedContexts[url] ??= document;
}

/**
 * The Fedify federation of this server (FEDERATION=true): its key-value store in PostgreSQL, its
 * durable queue in Redis when REDIS_URL is set (`redis`), else in PostgreSQL; actors, WebFinger and
 * NodeInfo. The queue is started by `startFederationQueue`.
 */
export function createGlimpseFederation(
  config: FederationConfig,
  db: Db,
  onQueueError: (err: unknown) => void,
  redis: { client: Redis; prefix: string } | null = null,
): GlimpseFederation {
  preloadExtraContexts();
  const federation = createFederation<AppContext>({
    kv: createPgKvStore(db),
    queue: dropSuspendedDeliveries(
      redis
        ? createRedisMessageQueue(redis.client, redis.prefix, { onError: onQueueError })
        : createPgMessageQueue(db, { onError: onQueueError }),
      db,
    ),
    manuallyStartQueue: true,
    origin: config.origin,
    allowPrivateAddress: config.allowPrivateAddress,
    userAgent: { software: 'Glimpse', url: new URL(config.origin) },
  });
  configureFederation(federation, config);
  return federation;
}

/**
 * Everything this server answers and handles, on a Fedify federation (the real one, or the mock
 * of @fedify/testing in unit tests).
 */
export function configureFederation(federation: Federatable<AppContext>, config: FederationConfig): void {
  const actors = federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      const row = await federatingMember(ctx.data.db, identifier);
      if (!row) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      return toPerson(ctx, row, keys, publicUrlsFor(ctx.data.config, config.origin));
    })
    .setKeyPairsDispatcher(async (ctx, identifier) => {
      if (!(await federatingMember(ctx.data.db, identifier))) return [];
      return actorKeyPairs(ctx.data.db, identifier);
    });
  // WebFinger names members by username; actors by id. (@fedify/testing's mock has no mapHandle.)
  if (typeof actors.mapHandle === 'function')
    actors.mapHandle(async (ctx, username) => (await findMemberIdByUsername(ctx.data.db, username)) ?? null);

  federation
    // The followers elsewhere (where "followers" deliveries go); followers here need no delivery.
    .setFollowersDispatcher('/ap/users/{identifier}/followers', async (ctx, identifier) => {
      if (!(await federatingMember(ctx.data.db, identifier))) return null;
      return { items: (await listRemoteFollowers(ctx.data.db, identifier)).map(recipientOf) };
    })
    .setCounter(
      async (ctx, identifier) => (await federatingMember(ctx.data.db, identifier))?.followersCount ?? null,
    );
  federation
    .setFollowingDispatcher('/ap/users/{identifier}/following', () => ({ items: [] }))
    .setCounter(
      async (ctx, identifier) => (await federatingMember(ctx.data.db, identifier))?.followingCount ?? null,
    );
  // A post's Note, for those it was addressed to publicly (followers-only Notes are not served).
  federation.setObjectDispatcher(Note, '/ap/posts/{id}', async (ctx, values) => {
    const post = await findOutgoingPost(ctx.data.db, values.id);
    if (!post || audienceOf(post) !== 'public') return null;
    const images = await ensureBlurhashes(ctx.data, post.images);
    return toNote(ctx, { ...post, images }, publicUrlsFor(ctx.data.config, config.origin), 'public');
  });
  federation.setOutboxDispatcher('/ap/users/{identifier}/outbox', () => ({ items: [] }));
  registerInboxListeners(federation, '/ap/users/{identifier}/inbox', SHARED_INBOX_PATH);

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async (ctx) => {
    const usage = await readNodeUsage(ctx.data.db);
    return {
      software: {
        name: 'glimpse',
        version: '0.1.0',
        homepage: new URL(config.origin),
      },
      protocols: ['activitypub'],
      openRegistrations: true,
      usage: {
        users: { total: usage.users, activeMonth: usage.activeMonth, activeHalfyear: usage.activeHalfyear },
        localPosts: usage.localPosts,
        localComments: 0,
      },
    };
  });
}

/** Starts handling the queue (deliveries, incoming activities) on this node until `signal` aborts. */
export function startFederationQueue(ctx: AppContext, signal: AbortSignal): Promise<void> {
  if (!ctx.federation) return Promise.resolve();
  return ctx.federation.startQueue(ctx, { signal });
}

/** The profile page path of the member an actor path names (`/ap/users/<id>`), if they federate. */
export async function profilePathOfActor(ctx: AppContext, pathname: string): Promise<string | null> {
  const match = /^\/ap\/users\/([0-9a-f]{24})\/?$/.exec(pathname);
  if (!match) return null;
  const row = await federatingMember(ctx.db, match[1]!);
  return row ? `/profile/${encodeURIComponent(row.username)}` : null;
}
