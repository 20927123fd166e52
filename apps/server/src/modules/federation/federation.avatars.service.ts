import type { InboxContext } from '@fedify/fedify';
import type { Actor, Update } from '@fedify/vocab';
import type { AppContext } from '../../context.js';
import { processUpload } from '../media/media.pipeline.js';
import { deleteUnreferencedMedia } from '../media/media.service.js';
import { rememberActor } from './federation.inbox.service.js';
import { fetchRemoteImage } from './federation.incoming.service.js';
import { findRemoteActorByUri } from './federation.repo.js';
import { findRemoteAvatar, setRemoteAvatar } from './federation.replies.repo.js';

/**
 * Avatars of accounts of other servers: fetched once (bounded like post images: https, public
 * addresses, size, time, redirects), re-encoded by our pipeline into our media store, and served
 * from there, so members' browsers never load another server's host. Fetched again only when the
 * actor document names another icon (a new actor document arrives: Update(Person), or the
 * account is looked up again).
 */
export async function refreshRemoteAvatar(
  ctx: AppContext,
  userId: string,
  sourceUrl: string | null,
): Promise<void> {
  const current = await findRemoteAvatar(ctx.db, userId);
  if (!current) return;
  const stored = current.avatarUrl?.startsWith('/media/') ?? false;
  if (current.sourceUrl === sourceUrl && (stored || sourceUrl === null)) return;
  let avatarUrl: string | null = null;
  if (sourceUrl) {
    const allowPrivate = ctx.config.federation?.allowPrivateAddress ?? false;
    try {
      const bytes = await fetchRemoteImage(sourceUrl, allowPrivate);
      await ctx.storage.ensureRoom(bytes.length);
      ({ url: avatarUrl } = await processUpload(ctx.storage, bytes, { kind: 'avatar' }));
    } catch {
      // Unreachable, too large or not an image: no avatar (never the remote URL); tried again
      // with the next actor document.
      avatarUrl = null;
    }
  }
  const previous = await setRemoteAvatar(ctx.db, userId, avatarUrl, avatarUrl ? sourceUrl : null);
  if (previous && previous !== avatarUrl && previous.startsWith('/media/')) {
    await deleteUnreferencedMedia(ctx, { storageKeys: [], urls: [previous] });
  }
}

/** Update(Person) (or any actor) by the actor itself: its profile and avatar are read again. */
export async function onActorUpdate(
  fed: InboxContext<AppContext>,
  update: Update,
  actor: Actor,
): Promise<void> {
  if (!update.actorId || actor.id?.href !== update.actorId.href) return;
  if (!(await findRemoteActorByUri(fed.data.db, actor.id.href))) return;
  await rememberActor(fed, actor);
}
