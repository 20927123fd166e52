import {
  makeExcerpt,
  type Author,
  type Category,
  type Comment,
  type Post,
  type PostImage,
  type PostLocation,
  type Privacy,
} from '@glimpse/shared';
import type { postMedia } from '../../db/schema/index.js';
import { toAuthor, type AuthorRow } from '../users/users.mapper.js';
import type { PostRow } from './posts.repo.js';

export type PostMediaRow = Pick<
  typeof postMedia.$inferSelect,
  'postId' | 'url' | 'variants' | 'width' | 'height' | 'placeholder' | 'altText' | 'caption'
>;

export function toPostImage(row: PostMediaRow): PostImage {
  return {
    url: row.url,
    altText: row.altText,
    caption: row.caption,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    variants: row.variants,
  };
}

const EMPTY_ADDRESS: PostLocation['address'] = { street: '', city: '', state: '', country: '', zipCode: '' };

function toLocation(row: PostRow): PostLocation | null {
  if (row.locationName === null && row.latitude === null && row.address === null) return null;
  return {
    name: row.locationName ?? '',
    coordinates:
      row.latitude !== null && row.longitude !== null
        ? { latitude: row.latitude, longitude: row.longitude }
        : null,
    address: { ...EMPTY_ADDRESS, ...row.address },
  };
}

/** A stored post as API.md's Post; the caller supplies what was batch-loaded for the page. */
export function toPost(
  row: PostRow,
  extra: { author: Author; images: PostImage[]; isLikedByUser: boolean },
): Post {
  return {
    id: row.id,
    _id: row.id,
    title: row.title,
    content: row.content,
    excerpt: row.excerpt || makeExcerpt(row.content),
    category: row.category as Category,
    tags: row.tags,
    privacy: row.privacy as Privacy,
    city: row.city,
    location: toLocation(row),
    media: { images: extra.images },
    author: extra.author,
    analytics: { views: row.viewsCount, shares: row.sharesCount },
    likesCount: row.likesCount,
    commentsCount: row.commentsCount,
    sharesCount: row.sharesCount,
    isLikedByUser: extra.isLikedByUser,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toComment(row: { id: string; content: string; createdAt: Date }, user: AuthorRow): Comment {
  const { id, username, profile } = toAuthor(user, { isFollowedByUser: false });
  return {
    id: row.id,
    _id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    user: { id, _id: id, username, profile },
  };
}
