import type pg from 'pg';
import { ZPost, ZPostList, type Pagination } from '@glimpse/shared';
import { Batcher, Batchers } from '../../lib/batcher.js';
import { compileJsonWriter } from '../../lib/json-writer.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import { ShortCache } from '../../lib/short-cache.js';
import { readPostsById, type FeedStubRow, type VersionedPostRow } from './posts.feed.js';
import { toFeedPost } from './posts.mapper.js';

/**
 * A signed-in feed page without writing every post again for every member.
 *
 * A post's answer is the same for everyone who may see it except for three booleans: the viewer's
 * `isLikedByUser` and `isSavedByUser`, and the author's `isFollowedByUser`. The page statement in its `stubs` shape
 * (posts.feed.ts) applies the visibility rule and the order as always, and returns per row only the
 * id, the cursor keys, the viewer's three flags and the post's *version* (a hash of every column its
 * answer shows that can change: counters, removal, the author's columns). The post's JSON text,
 * written once with every flag set and cut around them, is kept per node for FEED_CACHE_MS and
 * reused while its version is the current one; missing or outdated texts are read in one more
 * statement by id. The page is then the stubs' flags spliced into the kept texts: the same bytes
 * the one-statement page writes (posts.fragments.test.ts).
 *
 * Staleness: none that the version sees. Within FEED_CACHE_MS a like list may show a swap that
 * keeps its count (one member unlikes while another likes), as a signed-out cached page may.
 */

/** The viewer's own booleans in a post's answer, by the stub field that carries each. */
const FLAGS = [
  { stub: 'isLiked', key: '"isLikedByUser":true' },
  { stub: 'isFollowed', key: '"isFollowedByUser":true' },
  { stub: 'isSaved', key: '"isSavedByUser":true' },
] as const;
type FlagName = (typeof FLAGS)[number]['stub'];

/**
 * A post's JSON text cut around the viewer's flags: pieces[0] + flag + pieces[1] + flag + ... , as
 * UTF-8 bytes: a page is then one copy of kept bytes, never a 30 kB string encoded per request.
 */
export interface PostFragment {
  version: string;
  /** One more piece than flags: the text between (and around) the flags' values. */
  pieces: Buffer[];
  /** Which flag each gap holds, in text order (the schema's key order decides). */
  order: FlagName[];
}

const writePost = compileJsonWriter(ZPost);
const writePostList = compileJsonWriter(ZPostList);

/**
 * Cuts a post's text at its viewer flags. Inside a JSON string every `"` is escaped, so these key
 * texts can only be the keys themselves; each appears once in a post (no other member object
 * nested in it carries the flag), which is checked.
 */
export function fragmentOf(row: VersionedPostRow, urls: PublicUrls): PostFragment {
  const text = writePost(toFeedPost({ ...row, isLiked: true, isFollowed: true, isSaved: true }, urls));
  const found = FLAGS.map((flag) => ({ ...flag, at: text.indexOf(flag.key) }));
  if (found.some(({ key, at }) => at < 0 || text.indexOf(key, at + 1) >= 0)) {
    throw new Error(`posts.fragments: post ${row.id} does not carry each viewer flag exactly once`);
  }
  found.sort((a, b) => a.at - b.at);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const { key, at } of found) {
    // Up to the flag's value (`true`), which a viewer's own value replaces.
    pieces.push(Buffer.from(text.slice(from, at + key.length - 'true'.length)));
    from = at + key.length;
  }
  pieces.push(Buffer.from(text.slice(from)));
  return { version: row.version, pieces, order: found.map((f) => f.stub) };
}

const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');
const COMMA = Buffer.from(',');
const OPEN = '{"posts":[';
const OPEN_BYTES = Buffer.from(OPEN);

/** A post's text for one viewer, as its pieces with the viewer's flags between them. */
function fill(fragment: PostFragment, stub: FeedStubRow): Buffer[] {
  const out: Buffer[] = [fragment.pieces[0]!];
  fragment.order.forEach((flag, i) => {
    out.push(stub[flag] ? TRUE : FALSE, fragment.pieces[i + 1]!);
  });
  return out;
}

/** The page: the PostList writer's own envelope with the posts' texts inside, in one copy. */
export function writeFragmentPage(posts: Buffer[][], pagination: Pagination): Buffer {
  const empty = writePostList({ posts: [], pagination });
  if (!empty.startsWith(`${OPEN}]`)) throw new Error('posts.fragments: unexpected PostList envelope');
  const pieces: Buffer[] = [OPEN_BYTES];
  posts.forEach((post, i) => {
    if (i > 0) pieces.push(COMMA);
    for (const piece of post) pieces.push(piece);
  });
  pieces.push(Buffer.from(empty.slice(OPEN.length)));
  return Buffer.concat(pieces);
}

/** Post texts kept at once per node, at most (~3 kB each, plus three Buffers' headers). */
const MAX_FRAGMENTS = 5_000;

const byIdBatchers = new Batchers<pg.Pool, readonly string[], VersionedPostRow[]>();

/**
 * Kept texts expire together (they were kept together), so every page written in the moment
 * after misses the same posts: the pages' missing ids are read in one statement for all of them,
 * one such read at a time, not one statement per page.
 */
function postsByIdBatcher(pool: pg.Pool): Batcher<readonly string[], VersionedPostRow[]> {
  return byIdBatchers.get(
    pool,
    'posts by id',
    () =>
      new Batcher(
        async (asks) => {
          const rows = await readPostsById(pool, [...new Set(asks.flat())]);
          const byId = new Map(rows.map((row) => [row.id, row]));
          return asks.map((ids) => ids.flatMap((id) => byId.get(id) ?? []));
        },
        { maxInFlight: 1, maxBatch: 64 },
      ),
  );
}

export class PostFragmentCache {
  private readonly cache: ShortCache<string, PostFragment>;

  constructor(ttlMs: number) {
    this.cache = new ShortCache({ ttlMs, maxEntries: MAX_FRAGMENTS });
  }

  get enabled(): boolean {
    return this.cache.enabled;
  }

  clear(): void {
    this.cache.clear();
  }

  /**
   * The texts of a page's posts in page order, reading what is missing or outdated in one
   * statement (shared with the pages being written meanwhile). A post deleted between the two
   * reads is left out of the page.
   */
  async textsFor(pool: pg.Pool, stubs: readonly FeedStubRow[], urls: PublicUrls): Promise<Buffer[][]> {
    // Media URLs are absolute: a text belongs to one public origin.
    const keyOf = (id: string) => `${urls.origin} ${id}`;
    const found = new Map<string, PostFragment>();
    const missing: string[] = [];
    for (const stub of stubs) {
      const kept = this.cache.get(keyOf(stub.id));
      if (kept && kept.version === stub.version) found.set(stub.id, kept);
      else missing.push(stub.id);
    }
    if (missing.length > 0) {
      for (const row of await postsByIdBatcher(pool).call(missing)) {
        // Pages that shared the read write each post once: the first keeps it for the others.
        const kept = this.cache.get(keyOf(row.id));
        const fragment = kept?.version === row.version ? kept : fragmentOf(row, urls);
        if (fragment !== kept) this.cache.set(keyOf(row.id), fragment);
        found.set(row.id, fragment);
      }
    }
    const texts: Buffer[][] = [];
    for (const stub of stubs) {
      const fragment = found.get(stub.id);
      if (fragment) texts.push(fill(fragment, stub));
    }
    return texts;
  }
}
