import {
  COLLECTION_MSG,
  COLLECTIONS_LIST_MAX,
  POST_MSG,
  type CollectionAnswer,
  type CollectionList,
  type CollectionPage,
  type CollectionPostsQuery,
  type CreateCollectionBody,
  type MessageAnswer,
  type UpdateCollectionBody,
} from '@glimpse/shared';
import type { AppContext, DbOrTx } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { fetchPage } from '../../lib/pagination.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import { decodeTimeCursor, encodeTimeCursor } from '../posts/posts.cursor.js';
import { hydratePosts } from '../posts/posts.hydrate.js';
import { bumpSavesCount, insertSave, lockSaveToggle } from '../posts/posts.saves.repo.js';
import { isPostVisible, type PostViewer } from '../posts/posts.visibility.js';
import { toCollection } from './collections.mapper.js';
import {
  countCollectionsOf,
  deleteCollectionPost,
  deleteCollectionRow,
  findCollection,
  insertCollection,
  insertCollectionPost,
  selectCollectionPage,
  selectCollectionSummaries,
  selectCollectionsOf,
  updateCollectionRow,
  type CollectionRow,
} from './collections.repo.js';

const notFound = () => new AppError('NOT_FOUND', COLLECTION_MSG.notFound);

/** A collection this viewer may see: a private one is the owner's alone (404 for anyone else). */
async function visibleCollection(db: DbOrTx, id: string, viewer: PostViewer | null): Promise<CollectionRow> {
  const row = await findCollection(db, id);
  if (!row || (row.isPrivate && row.ownerId !== viewer?.id)) throw notFound();
  return row;
}

/** The owner's collection; someone else's public one is 403, a private one 404. */
async function ownedCollection(db: DbOrTx, id: string, viewer: PostViewer): Promise<CollectionRow> {
  const row = await visibleCollection(db, id, viewer);
  if (row.ownerId !== viewer.id) throw new AppError('FORBIDDEN', COLLECTION_MSG.notYours);
  return row;
}

async function answerOf(ctx: AppContext, row: CollectionRow, viewer: PostViewer | null, urls: PublicUrls) {
  const summaries = await selectCollectionSummaries(ctx.db, [row.id], viewer);
  return { collection: toCollection(row, summaries.get(row.id), urls) };
}

export async function createCollection(
  ctx: AppContext,
  viewer: PostViewer,
  body: CreateCollectionBody,
  urls: PublicUrls,
): Promise<CollectionAnswer> {
  if ((await countCollectionsOf(ctx.db, viewer.id)) >= COLLECTIONS_LIST_MAX) {
    throw new AppError('VALIDATION', COLLECTION_MSG.tooMany);
  }
  const now = new Date();
  const row = await insertCollection(ctx.db, {
    id: newId(now),
    ownerId: viewer.id,
    title: body.title,
    description: body.description,
    isPrivate: body.isPrivate,
    createdAt: now,
    updatedAt: now,
  });
  return { collection: toCollection(row, undefined, urls) };
}

export async function updateCollection(
  ctx: AppContext,
  viewer: PostViewer,
  id: string,
  body: UpdateCollectionBody,
  urls: PublicUrls,
): Promise<CollectionAnswer> {
  await ownedCollection(ctx.db, id, viewer);
  const row = await updateCollectionRow(ctx.db, id, {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.isPrivate !== undefined ? { isPrivate: body.isPrivate } : {}),
    updatedAt: new Date(),
  });
  if (!row) throw notFound();
  return answerOf(ctx, row, viewer, urls);
}

export async function deleteCollection(
  ctx: AppContext,
  viewer: PostViewer,
  id: string,
): Promise<MessageAnswer> {
  await ownedCollection(ctx.db, id, viewer);
  await deleteCollectionRow(ctx.db, id);
  return { message: COLLECTION_MSG.deleted };
}

/**
 * POST /api/collections/{id}/posts: adds a post the owner may see, and saves it for them (a
 * collected post is a saved one), in one transaction.
 */
export async function addPostToCollection(
  ctx: AppContext,
  viewer: PostViewer,
  id: string,
  postId: string,
  urls: PublicUrls,
): Promise<CollectionAnswer> {
  const row = await ctx.db.transaction(async (tx) => {
    const collection = await ownedCollection(tx, id, viewer);
    if (!(await isPostVisible(tx, postId, viewer))) throw new AppError('NOT_FOUND', POST_MSG.notFound);
    await insertCollectionPost(tx, id, postId);
    await lockSaveToggle(tx, viewer.id, postId);
    if (await insertSave(tx, postId, viewer.id)) await bumpSavesCount(tx, postId, 1);
    return collection;
  });
  return answerOf(ctx, row, viewer, urls);
}

export async function removePostFromCollection(
  ctx: AppContext,
  viewer: PostViewer,
  id: string,
  postId: string,
  urls: PublicUrls,
): Promise<CollectionAnswer> {
  const row = await ownedCollection(ctx.db, id, viewer);
  await deleteCollectionPost(ctx.db, id, postId);
  return answerOf(ctx, row, viewer, urls);
}

/** GET /api/collections/{id}: the collection and its posts the viewer may see, newest added first. */
export async function getCollection(
  ctx: AppContext,
  viewer: PostViewer | null,
  id: string,
  q: CollectionPostsQuery,
  urls: PublicUrls,
): Promise<CollectionPage> {
  const row = await visibleCollection(ctx.db, id, viewer);
  const [{ collection }, { items, pagination }] = await Promise.all([
    answerOf(ctx, row, viewer, urls),
    fetchPage(q, {
      decode: decodeTimeCursor,
      read: (win) => selectCollectionPage(ctx.db, id, viewer, win),
      cursorOf: (post) => encodeTimeCursor(post.addedAt, post.id),
    }),
  ]);
  return { collection, posts: await hydratePosts(ctx.db, items, viewer, urls), pagination };
}

/** GET /api/users/{id}/collections: the owner sees all of theirs, others the public ones. */
export async function listUserCollections(
  ctx: AppContext,
  viewer: PostViewer | null,
  userId: string,
  urls: PublicUrls,
): Promise<CollectionList> {
  const rows = await selectCollectionsOf(ctx.db, userId, {
    includePrivate: viewer?.id === userId,
    max: COLLECTIONS_LIST_MAX,
  });
  const summaries = await selectCollectionSummaries(
    ctx.db,
    rows.map((r) => r.id),
    viewer,
  );
  return { collections: rows.map((row) => toCollection(row, summaries.get(row.id), urls)) };
}
