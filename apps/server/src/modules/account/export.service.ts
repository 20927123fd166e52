import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { EXPORTS_PER_WINDOW, EXPORTS_WINDOW_MS, MSG, USER_MSG } from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import type { Viewer } from '../../lib/permissions.js';
import { isValidMediaKey } from '../../lib/storage/index.js';
import { findUserById, type UserRow } from '../users/users.repo.js';
import {
  selectExportChats,
  selectExportComments,
  selectExportFollows,
  selectExportPosts,
  selectExportCollections,
  selectExportSaves,
  selectExportTagged,
  type ExportPost,
} from './export.repo.js';

/** The archive's entries besides the media folder (API.md "Export"). */
export const EXPORT_FILES = [
  'profile.json',
  'posts.json',
  'comments.json',
  'messages.json',
  'following.json',
  'followers.json',
  'saved.json',
  'collections.json',
  'tagged.json',
] as const;

interface MediaEntry {
  key: string;
  path: string;
}

function keyOfUrl(url: string): string | null {
  const key = url.slice(url.lastIndexOf('/') + 1);
  return isValidMediaKey(key) ? key : null;
}

/** What the member told us about themselves: every column but the credentials. */
function profileOf(row: UserRow, avatarFile: string | null) {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    displayName: row.displayName,
    firstName: row.firstName,
    lastName: row.lastName,
    bio: row.bio,
    location: row.location,
    website: row.website,
    phoneNumber: row.phoneNumber,
    socialLinks: row.socialLinks,
    preferences: row.preferences,
    avatarFile,
    isVerified: row.isVerified,
    postsCount: row.postsCount,
    followersCount: row.followersCount,
    followingCount: row.followingCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Each post's images point at their file in the archive (`media/<postId>-<n>.webp`) instead of a URL. */
function postsWithFiles(posts: ExportPost[], media: MediaEntry[]) {
  return posts.map(({ images, ...post }) => ({
    ...post,
    images: images.map(({ url, ...image }) => {
      const key = keyOfUrl(url);
      const path = key ? `media/${post.id}-${image.position + 1}.webp` : null;
      if (key && path) media.push({ key, path });
      return { ...image, file: path };
    }),
  }));
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/**
 * GET /api/users/me/export: the member's data as a zip, streamed. The JSON parts are read first
 * (a few queries); the original image files follow one at a time through the media store, so
 * an export of thousands of photos holds one file open and never buffers the archive. Images are
 * stored without recompression (WebP is compressed already). A file missing from the store is
 * listed in `missing-media.json` instead of failing the whole export.
 */
export async function openExport(
  ctx: AppContext,
  viewer: Viewer,
  opts: { signal: AbortSignal },
): Promise<{ filename: string; stream: Readable }> {
  // rate limit: export. Counted before any database work; per member, shared by every node
  // through ctx.rateLimiter (Redis when configured).
  const attempt = await ctx.rateLimiter.attempt(`export:${viewer.id}`, EXPORTS_WINDOW_MS);
  if (attempt.count > EXPORTS_PER_WINDOW) {
    throw new AppError('RATE_LIMITED', USER_MSG.tooManyExports, {
      retryAfterSeconds: Math.max(1, Math.ceil(attempt.resetInMs / 1000)),
    });
  }

  const user = await findUserById(ctx.db, viewer.id);
  if (!user) throw new AppError('UNAUTHENTICATED', MSG.accessTokenRequired);
  const [posts, comments, chats, following, followers, saved, collections, tagged] = await Promise.all([
    selectExportPosts(ctx.db, viewer.id),
    selectExportComments(ctx.db, viewer),
    selectExportChats(ctx.db, viewer.id),
    selectExportFollows(ctx.db, viewer.id, 'following'),
    selectExportFollows(ctx.db, viewer.id, 'followers'),
    selectExportSaves(ctx.db, viewer),
    selectExportCollections(ctx.db, viewer.id),
    selectExportTagged(ctx.db, viewer),
  ]);

  const media: MediaEntry[] = [];
  const avatarKey = user.avatarUrl ? keyOfUrl(user.avatarUrl) : null;
  if (avatarKey) media.push({ key: avatarKey, path: 'media/avatar.webp' });
  const parts: Record<(typeof EXPORT_FILES)[number], unknown> = {
    'profile.json': profileOf(user, avatarKey ? 'media/avatar.webp' : null),
    'posts.json': postsWithFiles(posts, media),
    'comments.json': comments,
    'messages.json': chats,
    'following.json': following,
    'followers.json': followers,
    'saved.json': saved,
    'collections.json': collections,
    'tagged.json': tagged,
  };

  const zip = new ZipFile();
  const mtime = new Date();
  for (const name of EXPORT_FILES) zip.addBuffer(json(parts[name]), name, { mtime });
  const output = zip.outputStream as Readable;
  void addMedia(ctx, zip, media, { mtime, signal: opts.signal }).catch((err: unknown) => {
    output.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  const day = mtime.toISOString().slice(0, 10);
  return { filename: `glimpse-${user.username}-${day}.zip`, stream: output };
}

async function addMedia(
  ctx: AppContext,
  zip: ZipFile,
  media: MediaEntry[],
  opts: { mtime: Date; signal: AbortSignal },
): Promise<void> {
  const missing: string[] = [];
  for (const entry of media) {
    if (opts.signal.aborted) return;
    const stored = await ctx.storage.read(entry.key);
    if (!stored) {
      missing.push(entry.path);
      continue;
    }
    zip.addReadStream(stored.stream, entry.path, { mtime: opts.mtime, compress: false, size: stored.size });
    // One file at a time: the next one opens when this one has gone into the archive. The
    // signal (the client went away) stops the wait and releases the file.
    try {
      await finished(stored.stream, { signal: opts.signal });
    } catch (err) {
      stored.stream.destroy();
      if (opts.signal.aborted) return;
      throw err;
    }
  }
  if (missing.length > 0) zip.addBuffer(json(missing), 'missing-media.json', { mtime: opts.mtime });
  zip.end();
}
