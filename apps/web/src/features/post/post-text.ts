import type { Author, Post } from '@glimpse/shared';

/** "1 like", "12 likes": a count always reads with its meaning (screen readers, tests, tooltips). */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** "3 photos" (SPEC §2: shown when a post has more than one image). */
export function photoCountLabel(count: number): string {
  return countLabel(count, 'photo');
}

/** The name a person is shown by: their display name, else their username. */
export function authorName(author: Pick<Author, 'username' | 'profile'>): string {
  return author.profile?.displayName?.trim() || author.username;
}

export function postHref(post: Pick<Post, 'id'>): string {
  return `/posts/${encodeURIComponent(post.id)}`;
}

/** A profile's path; an account of another server keeps its `@` readable (`/profile/ava@host`). */
export function profileHref(username: string): string {
  return `/profile/${encodeURIComponent(username).replace('%40', '@')}`;
}

/**
 * The server an account of another server comes from (its username is `user@host`), else null.
 * A handle taken twice there is stored as `user@host~id` (the server keeps usernames unique).
 */
export function remoteHost(username: string): string | null {
  const at = username.indexOf('@');
  if (at < 0) return null;
  const host = username.slice(at + 1);
  const tilde = host.indexOf('~');
  return tilde < 0 ? host : host.slice(0, tilde);
}

/** The edit form of one's own post. */
export function editPostHref(postId: string): string {
  return `/posts/${encodeURIComponent(postId)}/edit`;
}

/** A tag's page (the tag without its `#`). */
export function tagHref(tag: string): string {
  return `/tags/${encodeURIComponent(tag)}`;
}

/** `@ava@pixelfed.social` for a stored `ava@pixelfed.social` (or `ava@pixelfed.social~id`, a handle taken twice). */
export function remoteHandle(username: string): string {
  const tilde = username.indexOf('~');
  return `@${tilde < 0 ? username : username.slice(0, tilde)}`;
}

/**
 * Whether a follow of this author waits for an answer: feeds never send it, but a Follow pressed
 * on a card or post of an account of another server marks the cached author (api/queries/follows).
 */
export function isFollowRequested(author: Pick<Author, 'id'>): boolean {
  return Boolean((author as { isFollowRequested?: boolean }).isFollowRequested);
}
