import {
  makeExcerpt,
  type Author,
  type Category,
  type Comment,
  type Engagement,
  type Post,
  type PostImage,
  type PostLocation,
  type Privacy,
  type TaggedUser,
} from '@glimpse/shared';
import type { PublicUrls } from '../../lib/public-urls.js';
import { displayNameOf, toAuthor, toShortProfile } from '../users/users.mapper.js';
import type { AuthorRow } from '../users/users.repo.js';
import type { FeedPageRow } from './posts.feed.js';
import type { PostMediaRow, PostPageRow, PostRow } from './posts.repo.js';
import type { TaggedUserRow } from './posts.tagged.repo.js';

/** The width a card or a single-image view asks for when it cannot use `srcset`. */
export const DEFAULT_IMAGE_WIDTH = 1080;

/**
 * Stored media paths become absolute URLs here, at the edge: the database keeps them relative.
 * `url` is a display-sized copy (the widest variant up to DEFAULT_IMAGE_WIDTH), not the 2048 px
 * original, which the pipeline always lists as the widest entry of `variants` (for `srcset`).
 */
export function toPostImage(row: Omit<PostMediaRow, 'postId'>, urls: PublicUrls): PostImage {
  const display = row.variants
    .filter((v) => v.width <= DEFAULT_IMAGE_WIDTH)
    .sort((a, b) => b.width - a.width)[0];
  return {
    url: urls.media(display?.url ?? row.url),
    altText: row.altText,
    caption: row.caption,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    variants: row.variants.map((v) => ({ width: v.width, url: urls.media(v.url) })),
  };
}

/** A tagged member as a post names them; the stored avatar path becomes an absolute URL. */
export function toTaggedUser(row: Omit<TaggedUserRow, 'postId'>, urls: PublicUrls): TaggedUser {
  return {
    id: row.id,
    _id: row.id,
    username: row.username,
    displayName: displayNameOf(row),
    avatarUrl: row.avatarUrl ? urls.media(row.avatarUrl) : null,
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

/** The engagement id lists a page query selected beside the row (a new post has none yet). */
export function engagementOf(row: PostRow | PostPageRow): Engagement {
  return 'likeIds' in row
    ? { likes: row.likeIds, comments: row.commentIds, shares: row.shareIds }
    : { likes: [], comments: [], shares: [] };
}

/** A stored post as API.md's Post; the caller supplies what was batch-loaded for the page. */
export function toPost(
  row: PostRow | PostPageRow,
  extra: {
    author: Author;
    images: PostImage[];
    taggedUsers: TaggedUser[];
    isLikedByUser: boolean;
    isSavedByUser: boolean;
  },
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
    taggedUsers: extra.taggedUsers,
    analytics: { views: row.viewsCount, shares: row.sharesCount },
    engagement: engagementOf(row),
    likesCount: row.likesCount,
    commentsCount: row.commentsCount,
    sharesCount: row.sharesCount,
    isLikedByUser: extra.isLikedByUser,
    savesCount: row.savesCount,
    isSavedByUser: extra.isSavedByUser,
    // Only its author can see a removed post at all (posts.visibility.ts).
    ...(row.removedAt ? { removedByModerator: true } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editedAt: row.editedAt ? row.editedAt.toISOString() : null,
  };
}

/** A row of the one-statement feed page (posts.feed.ts): author, images and viewer flags inline. */
export function toFeedPost(row: FeedPageRow, urls: PublicUrls): Post {
  return toPost(row, {
    author: toAuthor(row.author, urls, { isFollowedByUser: row.isFollowed }),
    images: row.images.map((image) => toPostImage(image, urls)),
    taggedUsers: row.taggedUsers.map((user) => toTaggedUser(user, urls)),
    isLikedByUser: row.isLiked,
    isSavedByUser: row.isSaved,
  });
}

export function toComment(
  row: { id: string; content: string; createdAt: Date; editedAt: Date | null; removedAt?: Date | null },
  user: AuthorRow,
  urls: PublicUrls,
): Comment {
  return {
    id: row.id,
    _id: row.id,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt ? row.editedAt.toISOString() : null,
    ...(row.removedAt ? { removedByModerator: true } : {}),
    user: { id: user.id, _id: user.id, username: user.username, profile: toShortProfile(user, urls) },
  };
}
