import type { Federation } from '@fedify/fedify';
import type { Redis } from 'ioredis';
import type { Chat, Message, Notification, ReadReceiptEvent, UnreadCounts } from '@glimpse/shared';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { AppError } from './lib/errors.js';
import type { Mailer } from './lib/mail.js';
import type { Metrics } from './lib/metrics.js';
import type { RateLimiter } from './lib/rate-limit.js';
import type { DiskGuard, MediaStorage } from './lib/storage/index.js';

export type { Db, DbOrTx, Tx } from './db/client.js';

/** Sessions that ended (their rows are gone): what every node must forget and cut. */
export interface EndedSessions {
  userId: string;
  sessionIds: string[];
}

/** What one app node tells the others (through the Socket.IO adapter: Redis when configured). */
export type NodeEvent = { kind: 'sessions-ended'; ended: EndedSessions } | { kind: 'feed-pages-stale' };

/** Whether a session of `userId` named `sessionId` is among `ended`. */
export function isSessionEnded(ended: EndedSessions, userId: string, sessionId: string): boolean {
  return ended.userId === userId && ended.sessionIds.includes(sessionId);
}

/**
 * What services tell connected clients after a change commits. Services call this interface;
 * `realtime/` implements it over Socket.IO rooms, so no module imports the socket layer.
 */
export interface ChatEvents {
  /** The chat's room gets the message; the sender's own sockets get it with their `tempId`. */
  newMessage(message: Message, opts: { senderId: string; tempId?: string }): void;
  /** The chat's room and the reader's other tabs. */
  messageRead(receipt: ReadReceiptEvent): void;
  /** Both members' sockets join the chat's room; `recipientId` is told with `chat_created`. */
  chatCreated(opts: { chatId: string; memberIds: string[]; recipientId: string; chat: Chat }): void;
  /** Every member hears `chat_deleted`, then nobody stays in the room. */
  chatDeleted(opts: { chatId: string; memberIds: string[] }): void;
  /**
   * Sessions ended (`endSessions` committed): their open sockets, on every node, are disconnected,
   * and every node forgets their tokens (its short token cache). Resolves once every other node
   * confirmed (with Redis; at most the adapter's request timeout), so a token of an ended session
   * is refused on every node from the answer on.
   */
  sessionsEnded(ended: EndedSessions): Promise<void>;
  /**
   * Every node drops its kept signed-out feed pages (an account went private, a post was edited
   * or deleted: it must not stay on a cached page). Resolves once every other node confirmed, as
   * sessionsEnded.
   */
  feedPagesStale(): Promise<void>;
  /** Runs `listener` for each of the two above, whether this node or another one raised it. */
  onNodeEvent(listener: (event: NodeEvent) => void): void;
  /** Every socket of the member (room `user:<id>`, any node) gets `notification`. */
  notify(userId: string, notification: Notification): void;
  /** Every socket of the member gets `unread_counts` (the bell's and the chat button's badges). */
  unreadCounts(userId: string, counts: UnreadCounts): void;
}

/**
 * What services need from the outside world, built once by buildApp() and reachable as
 * `app.ctx`. Services take it (or parts of it) as an argument; nothing is a module-level global.
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  jwtSecret: string;
  rateLimiter: RateLimiter;
  /** Set when REDIS_URL is configured. */
  redis: Redis | null;
  /** Key prefix for everything this app keeps in Redis (tests use a unique one per run). */
  redisPrefix: string;
  /** Where processed images are stored (local disk, or an object store later). */
  storage: MediaStorage;
  /**
   * DATA_DIR's disk, when this node keeps something there (the embedded database or local media):
   * its free space against MIN_FREE_DISK_MB. Null otherwise.
   */
  disk: DiskGuard | null;
  events: ChatEvents;
  /** Sends mail through SMTP_URL (`enabled` false without it). */
  mail: Mailer;
  /** What GET /metrics publishes; services count what they do here. */
  metrics: Metrics;
  /**
   * A dependency failure (database, Redis, media store, disk) as the 503/507 it is answered with,
   * counted and logged; null for any other error. Shared by HTTP and socket events.
   */
  dependencyAnswer(err: unknown): AppError | null;
  /** Set by the SIGTERM handler: readiness answers 503 from then on. */
  lifecycle: { shuttingDown: boolean };
  /** ActivityPub (modules/federation) when FEDERATION=true; null when off. */
  federation: Federation<AppContext> | null;
}
