import { Column, fillPlaceholders, is, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { FeedSort } from '@glimpse/shared';
import { follows, likes, postMedia, posts, users } from '../../db/schema/index.js';
import { authorColumns, type AuthorRow } from '../users/users.repo.js';
import {
  descIndexed,
  exactTime,
  keysetAfter,
  postPageColumns,
  type FeedCursor,
  type PostMediaRow,
  type PostPageRow,
} from './posts.repo.js';
import { visiblePostsWhereFor } from './posts.visibility.js';

/**
 * The plain feed (GET /api/posts without filters, page 1 or a cursor), the app's hottest read,
 * as ONE named prepared statement per shape: the page rows with their author joined, their images
 * aggregated in order, the engagement ids, and the viewer's like and follow folded in. A page is
 * then one round trip, and PostgreSQL parses and plans each shape once per connection.
 *
 * Invariants (pg caches a statement by name on each connection):
 * - a name always carries the same text: the name spells out every input of the text (sort,
 *   kind of viewer, cursor or not, page size);
 * - the page size is a literal in the text, not a parameter: with `LIMIT $n` PostgreSQL's
 *   generic plan (used after five executions) cannot know the page is small and stops walking
 *   the index in order (a 38 ms plan instead of 0.1 ms). The limit is bounded by MAX_PAGE_LIMIT,
 *   so there are at most a few dozen names;
 * - the visibility rule is THE rule (visiblePostsWhereFor), with the viewer's id as a parameter.
 */

export type FeedViewerKind = 'signedOut' | 'member' | 'moderator';

export interface FeedShape {
  sort: FeedSort;
  viewer: FeedViewerKind;
  /** A cursor page (keyset after the cursor) rather than the first page. */
  cursor: boolean;
  /** Rows read: the page size + 1 (the extra row tells whether a next page exists). */
  rows: number;
  /**
   * `stubs`: only what a signed-in page needs besides the shared post text (posts.fragments.ts):
   * the id, the cursor keys, the version of the post's shared text and the viewer's two flags.
   * Default `full`: the whole page row.
   */
  columns?: 'full' | 'stubs';
}

/** An image as the page statement aggregates it (API.md PostImage before its URLs are absolute). */
export type FeedImageRow = Omit<PostMediaRow, 'postId'>;

export type FeedPageRow = PostPageRow & {
  cursorTime: string;
  author: AuthorRow;
  images: FeedImageRow[];
  isLiked: boolean;
  isFollowed: boolean;
};

const viewerId = sql.placeholder('viewerId');
const afterKey = sql.placeholder('afterKey');
const afterId = sql.placeholder('afterId');

const pageImages = sql<FeedImageRow[]>`coalesce((select json_agg(json_build_object(
    'url', m.url, 'variants', m.variants, 'width', m.width, 'height', m.height,
    'placeholder', m.placeholder, 'altText', m.alt_text, 'caption', m.caption) order by m.position)
  from ${postMedia} m where m.post_id = ${posts.id}), '[]'::json)`;

/**
 * Everything a post's answer shows that can change, as one short text: the counters behind the
 * engagement lists, removal, the row's own time and every author column a card shows. Equal
 * versions mean equal answers (minus the viewer's flags), so a cached post text (posts.fragments.ts)
 * is reused only while its version is the current one. `row(...)::text` quotes each field, so no
 * two different rows spell the same text.
 */
export const postVersion = sql<string>`md5(row(${posts.likesCount}, ${posts.commentsCount}, ${posts.sharesCount},
  ${posts.viewsCount}, ${posts.removedAt}, ${posts.updatedAt}, ${sql.join(
    Object.values(authorColumns),
    sql`, `,
  )})::text)`;

/** The columns of a page row in select order; `author.*` keys go to the nested author row. */
function fieldsOf(shape: FeedShape): [string, SQLWrapper][] {
  const signedIn = shape.viewer !== 'signedOut';
  const flags: [string, SQLWrapper][] = [
    [
      'isLiked',
      signedIn
        ? sql`exists (select 1 from ${likes} l where l.post_id = ${posts.id} and l.user_id = ${viewerId})`
        : sql`false`,
    ],
    [
      'isFollowed',
      signedIn
        ? sql`exists (select 1 from ${follows} f where f.follower_id = ${viewerId} and f.followee_id = ${posts.authorId})`
        : sql`false`,
    ],
  ];
  if (shape.columns === 'stubs') {
    return [
      ['id', posts.id],
      ['hotScore', posts.hotScore],
      ['cursorTime', exactTime(posts.createdAt)],
      ['version', postVersion],
      ...flags,
    ];
  }
  return [
    ...Object.entries(postPageColumns),
    ['cursorTime', exactTime(posts.createdAt)],
    ...Object.entries(authorColumns).map(([k, v]): [string, SQLWrapper] => [`author.${k}`, v]),
    ['images', pageImages],
    ...flags,
  ];
}

/** The shared columns of a post by id (posts.fragments.ts): a signed-out row plus its version. */
function postsByIdFields(): [string, SQLWrapper][] {
  return [
    ...fieldsOf({ sort: 'newest', viewer: 'signedOut', cursor: false, rows: 1 }),
    ['version', postVersion],
  ];
}

function pageSql(shape: FeedShape, fields: [string, SQLWrapper][]): SQL {
  const viewer =
    shape.viewer === 'signedOut' ? null : { id: viewerId, canModerate: shape.viewer === 'moderator' };
  const where = [visiblePostsWhereFor(viewer)];
  if (shape.cursor) where.push(keysetAfter(shape.sort, afterKey, afterId));
  const order =
    shape.sort === 'trending'
      ? sql`${descIndexed(posts.hotScore)}, ${descIndexed(posts.id)}`
      : sql`${descIndexed(posts.createdAt)}, ${descIndexed(posts.id)}`;
  return sql`select ${sql.join(
    fields.map(([, expr]) => expr),
    sql`, `,
  )} from ${posts} inner join ${users} on ${users.id} = ${posts.authorId}
    where ${sql.join(where, sql` and `)}
    order by ${order}
    limit ${sql.raw(String(Math.trunc(shape.rows)))}`;
}

// Timestamps arrive as text and become Dates through the columns' own decoders, exactly as
// Drizzle's node-postgres driver does it: the answer is byte-identical to the query builder's.
const RAW_TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1115, // timestamp[]
  1182, // date[]
  1185, // timestamptz[]
  1187, // interval[]
  1231, // numeric[]
]);
const driverTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    RAW_TEXT_TYPES.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format)) as never,
};

export interface FeedStatement {
  name: string;
  text: string;
  /** Builds the statement's values; the placeholders' order is fixed at compile time. */
  values(input: { viewerId?: string; after?: FeedCursor }): unknown[];
  /** One result row (array mode) as a page row (a stub row for `columns: 'stubs'`). */
  toRow(raw: unknown[]): FeedPageRow;
}

/** A row of a `stubs` page: what a signed-in page adds to the shared post texts. */
export interface FeedStubRow {
  id: string;
  hotScore: number;
  cursorTime: string;
  version: string;
  isLiked: boolean;
  isFollowed: boolean;
}

/** A post's shared row, read by id, with the version of what it shows. */
export type VersionedPostRow = FeedPageRow & { version: string };

export function feedStatementName(shape: FeedShape): string {
  const columns = shape.columns === 'stubs' ? '_stubs' : '';
  return `glimpse_feed_${shape.sort}_${shape.viewer}_${shape.cursor ? 'after' : 'first'}_${shape.rows}${columns}`;
}

/** Array-mode rows to objects: columns decoded as Drizzle would, `author.*` keys nested. */
function rowReader(fields: [string, SQLWrapper][]): (raw: unknown[]) => Record<string, unknown> {
  const keys = fields.map(([key]) => key);
  const decoders = fields.map(([, expr]) => (is(expr, Column) ? expr : null));
  const nested = keys.some((key) => key.startsWith('author.'));
  return (raw) => {
    const row: Record<string, unknown> = {};
    const author: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const decoder = decoders[i];
      const value = raw[i] === null || !decoder ? raw[i] : decoder.mapFromDriverValue(raw[i]);
      if (key.startsWith('author.')) author[key.slice(7)] = value;
      else row[key] = value;
    }
    if (nested) row.author = author;
    return row;
  };
}

/** Compiles one shape. Pure: the same shape always gives the same name and text. */
export function compileFeedStatement(shape: FeedShape): FeedStatement {
  const fields = fieldsOf(shape);
  const { sql: text, params } = new PgDialect().sqlToQuery(pageSql(shape, fields));
  const read = rowReader(fields);
  return {
    name: feedStatementName(shape),
    text,
    values: ({ viewerId: id, after }) =>
      fillPlaceholders(params, {
        viewerId: id,
        afterKey: after ? (after.kind === 'newest' ? after.t : after.s) : undefined,
        afterId: after?.id,
      }),
    toRow: (raw) => read(raw) as FeedPageRow,
  };
}

const compiled = new Map<string, FeedStatement>();

function statementFor(shape: FeedShape): FeedStatement {
  const name = feedStatementName(shape);
  let statement = compiled.get(name);
  if (!statement) {
    statement = compileFeedStatement(shape);
    compiled.set(name, statement);
  }
  return statement;
}

async function runFeedStatement(
  pool: pg.Pool,
  shape: FeedShape,
  input: { viewerId?: string; after?: FeedCursor },
): Promise<unknown[]> {
  const statement = statementFor(shape);
  const result = await pool.query<unknown[]>({
    name: statement.name,
    text: statement.text,
    values: statement.values(input),
    rowMode: 'array',
    types: driverTypes,
  });
  return result.rows.map((raw) => statement.toRow(raw));
}

/** Reads one plain feed page in one round trip (see the top of this file). */
export async function readFeedPage(
  pool: pg.Pool,
  shape: Omit<FeedShape, 'columns'>,
  input: { viewerId?: string; after?: FeedCursor },
): Promise<FeedPageRow[]> {
  return (await runFeedStatement(pool, { ...shape, columns: 'full' }, input)) as FeedPageRow[];
}

/** The same page as stubs: the rule, the order and the flags, without the shared post text. */
export async function readFeedStubs(
  pool: pg.Pool,
  shape: Omit<FeedShape, 'columns'>,
  input: { viewerId?: string; after?: FeedCursor },
): Promise<FeedStubRow[]> {
  return (await runFeedStatement(pool, { ...shape, columns: 'stubs' }, input)) as unknown as FeedStubRow[];
}

const byIdFields = postsByIdFields();
const byIdStatement = (() => {
  const query = new PgDialect().sqlToQuery(
    sql`select ${sql.join(
      byIdFields.map(([, expr]) => expr),
      sql`, `,
    )} from ${posts} inner join ${users} on ${users.id} = ${posts.authorId}
      where ${posts.id} = any(${sql.placeholder('ids')})`,
  );
  return { name: 'glimpse_posts_by_id', text: query.sql, read: rowReader(byIdFields) };
})();

/**
 * Posts by id, whoever may see them (the caller has applied the visibility rule), with the
 * shared columns a signed-out page shows and their version. Unordered; a missing id is gone.
 */
export async function readPostsById(pool: pg.Pool, ids: readonly string[]): Promise<VersionedPostRow[]> {
  if (ids.length === 0) return [];
  const result = await pool.query<unknown[]>({
    name: byIdStatement.name,
    text: byIdStatement.text,
    values: [ids],
    rowMode: 'array',
    types: driverTypes,
  });
  return result.rows.map((raw) => byIdStatement.read(raw) as VersionedPostRow);
}
