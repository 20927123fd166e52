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

export function profileHref(username: string): string {
  return `/profile/${encodeURIComponent(username)}`;
}

/** The edit form of one's own post. */
export function editPostHref(postId: string): string {
  return `/posts/${encodeURIComponent(postId)}/edit`;
}

/** A tag's page (the tag without its `#`). */
export function tagHref(tag: string): string {
  return `/tags/${encodeURIComponent(tag)}`;
}
