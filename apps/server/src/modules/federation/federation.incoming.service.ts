import type { InboxContext } from '@fedify/fedify';
import {
  type Create,
  type Delete,
  Document,
  Hashtag,
  Image,
  isActor,
  Note,
  PUBLIC_COLLECTION,
  type Update,
} from '@fedify/vocab';
import { validatePublicUrl } from '@fedify/vocab-runtime';
import {
  type CATEGORIES,
  CONTENT_MAX_LENGTH,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_POST,
  TITLE_MAX_LENGTH,
  makeExcerpt,
} from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { newId } from '../../lib/ids.js';
import { processUpload, type ProcessedImage } from '../media/media.pipeline.js';
import { deleteUnreferencedMedia } from '../media/media.service.js';
import { hotScoreOf } from '../posts/posts.hot.js';
import { htmlToText } from './federation.mapper.js';
import {
  deleteIncomingPost,
  findRemoteActorByUri,
  findRemotePost,
  insertIncomingPost,
  isFollowedHere,
  updateIncomingPost,
} from './federation.repo.js';
import { onReplyCreate, onReplyDelete, onReplyUpdate } from './federation.replies.service.js';
import { onActorUpdate } from './federation.avatars.service.js';

/** How long one remote image may take to arrive, and how many redirects it may take. */
const REMOTE_IMAGE_TIMEOUT_MS = 20_000;
const REMOTE_IMAGE_MAX_REDIRECTS = 3;
/** The category incoming posts are filed under (other servers have no categories). */
const INCOMING_CATEGORY: (typeof CATEGORIES)[number] = 'Lifestyle';

/**
 * Fetches one remote image, bounded: https only (http too under FEDERATION_ALLOW_PRIVATE), no
 * private or loopback address unless allowed, at most REMOTE_IMAGE_MAX_REDIRECTS redirects (each
 * checked again), MAX_IMAGE_BYTES and REMOTE_IMAGE_TIMEOUT_MS.
 */
export async function fetchRemoteImage(url: string, allowPrivate: boolean): Promise<Buffer> {
  let current = new URL(url);
  const signal = AbortSignal.timeout(REMOTE_IMAGE_TIMEOUT_MS);
  for (let hop = 0; hop <= REMOTE_IMAGE_MAX_REDIRECTS; hop++) {
    if (current.protocol !== 'https:' && !(allowPrivate && current.protocol === 'http:')) {
      throw new Error(`refused image URL ${current.href}`);
    }
    if (!allowPrivate) await validatePublicUrl(current.href);
    const res = await fetch(current, { redirect: 'manual', signal, headers: { accept: 'image/*' } });
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel();
      current = new URL(location, current);
      continue;
    }
    if (!res.ok || !res.body) throw new Error(`image ${current.href} answered ${res.status}`);
    if (Number(res.headers.get('content-length') ?? 0) > MAX_IMAGE_BYTES) {
      await res.body.cancel();
      throw new Error(`image ${current.href} is too large`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      size += chunk.byteLength;
      if (size > MAX_IMAGE_BYTES) throw new Error(`image ${current.href} is too large`);
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  }
  throw new Error(`image ${url} redirects too often`);
}

interface RemoteImage {
  url: string;
  altText: string;
}

/** The images of a Note (Image, or Document with an image media type), at most a post's worth. */
async function imagesOf(note: Note, fed: InboxContext<AppContext>): Promise<RemoteImage[]> {
  const found: RemoteImage[] = [];
  for await (const att of note.getAttachments({
    documentLoader: fed.documentLoader,
    contextLoader: fed.contextLoader,
  })) {
    if (!(att instanceof Image || att instanceof Document)) continue;
    if (att.mediaType && !att.mediaType.startsWith('image/')) continue;
    const url = att.url instanceof URL ? att.url : att.url?.href;
    if (!url) continue;
    found.push({ url: url.href, altText: att.name?.toString() ?? '' });
    if (found.length >= MAX_IMAGES_PER_POST) break;
  }
  return found;
}

/** A Note's title, text, #tags and whether it is addressed to Public, as our post keeps them. */
async function textOf(note: Note, fed: InboxContext<AppContext>) {
  const text = htmlToText(note.content?.toString() ?? '');
  const firstLine = text.split('\n', 1)[0] ?? '';
  const title = (note.name?.toString() || firstLine || 'Photo').slice(0, TITLE_MAX_LENGTH);
  const content = text.slice(0, CONTENT_MAX_LENGTH);
  const tags: string[] = [];
  for await (const tag of note.getTags({
    documentLoader: fed.documentLoader,
    contextLoader: fed.contextLoader,
  })) {
    if (tag instanceof Hashtag && tag.name) tags.push(tag.name.toString().replace(/^#/, '').toLowerCase());
  }
  const isPublic =
    note.toIds.some((u) => u.href === PUBLIC_COLLECTION.href) ||
    note.ccIds.some((u) => u.href === PUBLIC_COLLECTION.href);
  return { title, content, tags: [...new Set(tags)].slice(0, 30), isPublic };
}

/**
 * Create(Note) from an account members here follow: the post, with its images fetched once and
 * re-encoded by our pipeline (metadata stripped, our variants) into our media store. A Note without
 * images is kept as a text post (Glimpse posts may have none); posts of accounts nobody here
 * follows are not kept. Once per Note, however often it arrives.
 */
export async function onCreate(fed: InboxContext<AppContext>, create: Create): Promise<void> {
  const ctx = fed.data;
  if (!create.actorId) return;
  const note = await create.getObject(fed).catch(() => null);
  if (!(note instanceof Note) || !note.id) return;
  if (note.attributionId?.href !== create.actorId.href) return;
  if (note.id.origin !== create.actorId.origin) return;
  // A reply is a comment on the post it answers (when that post is here), never a post of its own.
  if (note.replyTargetId) return onReplyCreate(fed, create, note);
  const remote = await findRemoteActorByUri(ctx.db, create.actorId.href);
  if (!remote || !(await isFollowedHere(ctx.db, remote.userId))) return;
  if (await findRemotePost(ctx.db, note.id.href)) return;
  const wanted = await imagesOf(note, fed);

  const allowPrivate = ctx.config.federation?.allowPrivateAddress ?? false;
  const stored: (ProcessedImage & { altText: string })[] = [];
  try {
    for (const img of wanted) {
      const bytes = await fetchRemoteImage(img.url, allowPrivate);
      await ctx.storage.ensureRoom(bytes.length);
      stored.push({ ...(await processUpload(ctx.storage, bytes, { kind: 'post' })), altText: img.altText });
    }
  } catch {
    await deleteUnreferencedMedia(ctx, { storageKeys: stored.flatMap((s) => s.storageKeys), urls: [] });
    return;
  }

  const { title, content, tags, isPublic } = await textOf(note, fed);
  const published = note.published ? new Date(note.published.epochMilliseconds) : new Date();
  const createdAt = published.getTime() > Date.now() ? new Date() : published;
  const id = newId(createdAt);
  const location = await note
    .getLocation({ documentLoader: fed.documentLoader, contextLoader: fed.contextLoader })
    .catch(() => null);
  const inserted = await ctx.db.transaction((tx) =>
    insertIncomingPost(
      tx,
      note.id!.href,
      {
        id,
        authorId: remote.userId,
        title,
        content,
        excerpt: makeExcerpt(content),
        category: INCOMING_CATEGORY,
        tags,
        privacy: isPublic ? 'public' : 'followers',
        locationName: location?.name?.toString().slice(0, 200) ?? null,
        mediaAltText: stored
          .map((s) => s.altText)
          .filter(Boolean)
          .join(' '),
        hotScore: hotScoreOf({ likes: 0, comments: 0, shares: 0, views: 0 }, createdAt),
        createdAt,
        updatedAt: createdAt,
      },
      stored.map((s, position) => ({
        id: newId(createdAt),
        postId: id,
        position,
        url: s.url,
        variants: s.variants,
        width: s.width,
        height: s.height,
        placeholder: s.placeholder,
        altText: s.altText,
        caption: '',
      })),
      stored.map((s) => ({
        id: newId(createdAt),
        ownerId: remote.userId,
        url: s.url,
        variants: s.variants,
        width: s.width,
        height: s.height,
        placeholder: s.placeholder,
        storageKeys: s.storageKeys,
        postId: id,
      })),
    ),
  );
  if (!inserted) {
    await deleteUnreferencedMedia(ctx, { storageKeys: stored.flatMap((s) => s.storageKeys), urls: [] });
    return;
  }
  await ctx.events.feedPagesStale();
}

/** Delete of a Note (or its Tombstone) by its author: the post and its files go. */
export async function onDelete(fed: InboxContext<AppContext>, del: Delete): Promise<void> {
  const ctx = fed.data;
  if (!del.actorId || !del.objectId) return;
  const post = await findRemotePost(ctx.db, del.objectId.href);
  if (!post) {
    await onReplyDelete(fed, del);
    return;
  }
  const remote = await findRemoteActorByUri(ctx.db, del.actorId.href);
  if (!remote || remote.userId !== post.authorId) return;
  const keys = await ctx.db.transaction((tx) => deleteIncomingPost(tx, post.postId, remote.userId));
  if (keys === null) return;
  await deleteUnreferencedMedia(ctx, { storageKeys: keys, urls: [] });
  await ctx.events.feedPagesStale();
}

/** Update(Note) by its author: the post's text, tags and audience follow (images stay as they came). */
export async function onUpdate(fed: InboxContext<AppContext>, update: Update): Promise<void> {
  const ctx = fed.data;
  if (!update.actorId) return;
  const note = await update.getObject(fed).catch(() => null);
  if (isActor(note)) return onActorUpdate(fed, update, note);
  if (!(note instanceof Note) || !note.id || note.attributionId?.href !== update.actorId.href) return;
  if (await onReplyUpdate(fed, update, note)) return;
  const post = await findRemotePost(ctx.db, note.id.href);
  const remote = post ? await findRemoteActorByUri(ctx.db, update.actorId.href) : undefined;
  if (!post || !remote || remote.userId !== post.authorId) return;
  const { title, content, tags, isPublic } = await textOf(note, fed);
  const changed = await ctx.db.transaction((tx) =>
    updateIncomingPost(tx, post.postId, remote.userId, {
      title,
      content,
      excerpt: makeExcerpt(content),
      tags,
      privacy: isPublic ? 'public' : 'followers',
    }),
  );
  if (changed) await ctx.events.feedPagesStale();
}
