import type { Post } from '@glimpse/shared';
import type { QueryClient } from '@tanstack/react-query';

/**
 * One post or one user appears in many caches at once: feed pages, the post detail, search
 * results, a profile's posts, the liked tab... each owned by a different feature. Rather than
 * every mutation knowing every key, these helpers walk every cached value and patch each copy of
 * the entity by id. Unchanged branches keep their identity, so only the components showing the
 * patched entity re-render.
 */

type Patcher = (value: unknown) => unknown;

/** Depth guard: cached answers are shallow (pages → posts → author); never follow a cycle. */
const MAX_DEPTH = 8;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Rebuilds `value` with `patch` applied to every node it changes; returns `value` itself when none. */
function walk(value: unknown, patch: Patcher, depth: number): unknown {
  if (!isRecord(value) || depth > MAX_DEPTH) return value;
  const patched = patch(value);
  const node = patched === value ? value : patched;
  if (!isRecord(node)) return node;

  if (Array.isArray(node)) {
    let changed = node !== value;
    const next = node.map((item: unknown) => {
      const walked = walk(item, patch, depth + 1);
      if (walked !== item) changed = true;
      return walked;
    });
    return changed ? next : value;
  }

  let copy: Record<string, unknown> | null = node === value ? null : { ...node };
  for (const [key, child] of Object.entries(node)) {
    const walked = walk(child, patch, depth + 1);
    if (walked !== child) {
      copy ??= { ...node };
      copy[key] = walked;
    }
  }
  return copy ?? value;
}

/** Applies `patch` to every node of every cached query; `patch` returns its input to skip a node. */
export function patchAllQueries(queryClient: QueryClient, patch: Patcher): void {
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = walk(data, patch, 0);
    if (next !== data) queryClient.setQueryData(query.queryKey, next);
  }
}

/** A post as the wire sends it: an object with id, title, author and media. */
export function isPostLike(value: unknown): value is Post {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.title === 'string' &&
    isRecord(value.author) &&
    isRecord(value.media)
  );
}

/** Merges `changes` into every cached copy of the post `postId`. */
export function updatePostInCaches(
  queryClient: QueryClient,
  postId: string,
  changes: Partial<Post> | ((post: Post) => Partial<Post>),
): void {
  patchAllQueries(queryClient, (node) => {
    if (!isPostLike(node) || node.id !== postId) return node;
    const delta = typeof changes === 'function' ? changes(node) : changes;
    return { ...node, ...delta };
  });
}

/** The first cached copy of a post, e.g. to seed a detail view while it loads. */
export function findCachedPost(queryClient: QueryClient, postId: string): Post | undefined {
  let found: Post | undefined;
  patchAllQueries(queryClient, (node) => {
    if (!found && isPostLike(node) && node.id === postId) found = node;
    return node;
  });
  return found;
}

/**
 * Takes the post `postId` out of every cached list (feed pages, search, profile tabs...): any
 * array holding it loses it, so it leaves every list on screen without a reload.
 */
export function removePostFromCaches(queryClient: QueryClient, postId: string): void {
  patchAllQueries(queryClient, (node) => {
    if (!Array.isArray(node) || !node.some((item) => isPostLike(item) && item.id === postId)) return node;
    return node.filter((item) => !(isPostLike(item) && item.id === postId));
  });
}
