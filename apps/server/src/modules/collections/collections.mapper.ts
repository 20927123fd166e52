import type { Collection } from '@glimpse/shared';
import type { PublicUrls } from '../../lib/public-urls.js';
import type { CollectionRow } from './collections.repo.js';

export function toCollection(
  row: CollectionRow,
  summary: { postsCount: number; coverPath: string | null } | undefined,
  urls: PublicUrls,
): Collection {
  return {
    id: row.id,
    _id: row.id,
    ownerId: row.ownerId,
    title: row.title,
    description: row.description,
    isPrivate: row.isPrivate,
    postsCount: summary?.postsCount ?? 0,
    cover: summary?.coverPath ? urls.media(summary.coverPath) : null,
  };
}
