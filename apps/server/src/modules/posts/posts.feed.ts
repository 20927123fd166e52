import { Column, fillPlaceholders, is, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { Batcher, Batchers } from '../../lib/batcher.js';
import type { FeedSort } from '@glimpse/shared';
import { follows, likes, postMedia, posts, postTaggedUsers, saves, users } from '../../db/schema/index.js';
import { ViewerValue } from '../users/blocks.repo.js';
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
import { notSuspendedMember, type TaggedUserRow } from './posts.tagged.repo.js';
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
   * the id, the cursor keys, the version of the post's shared text and the viewer's three flags.
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
  taggedUsers: Omit<TaggedUserRow, 'postId'>[];
  isLiked: boolean;
  isFollowed: boolean;
  isSaved: boolean;
};

/** Where a page statement reads its viewer's id and its cursor's keys. */
interface PageInputs {
  viewerId: Placeholder | ViewerValue;
  afterKey: Placeholder | SQL;
  afterId: Placeholder | SQL;
}

/** One page per statement: the inputs are the statement's parameters. */
const parameterInputs: PageInputs = {
  viewerId: sql.placeholder('viewerId'),
  afterKey: sql.placeholder('afterKey'),
  afterId: sql.placeholder('afterId'),
};

const pageImages = sql<FeedImageRow[]>`coalesce((select json_agg(json_build_object(
    'url', m.url, 'variants', m.variants, 'width', m.width, 'height', m.height,
    'placeholder', m.placeholder, 'altText', m.alt_text, 'caption', m.caption) order by m.position)
  from ${postMedia} m where m.post_id = ${posts.id}), '[]'::json)`;

/**
 * The post's tagged members in selectTaggedUsersOf's order (posts.tagged.repo.ts), suspended ones
 * left out: the same for every viewer, so part of the shared text. Tags change only with a change
 * of the post's row (create, edit, a member taking themselves off, a block), so the version below
 * covers them; a tagged member's own name or avatar is not covered and shows within FEED_CACHE_MS.
 */
const pageTaggedUsers = sql<Omit<TaggedUserRow, 'postId'>[]>`coalesce((select json_agg(json_build_object(
    'id', tu.id, 'username', tu.username, 'displayName', tu.display_name, 'firstName', tu.first_name,
    'lastName', tu.last_name, 'avatarUrl', tu.avatar_url) order by ptu.created_at, ptu.user_id)
  from ${postTaggedUsers} ptu inner join ${users} tu on tu.id = ptu.user_id
  where ptu.post_id = ${posts.id} and ${notSuspendedMember(sql.raw('tu'))}), '[]'::json)`;

/**
 * The version of everything a post's answer shows that can change: its counters (behind the
 * engagement lists), removal, its own time and every author column a card shows live in two rows,
 * the post's and its author's, and a row's `xmin` names the transaction that wrote its current
 * version. Any committed change to either row gives a new pair, even one a hash of the shown
 * columns would miss (a like swap that keeps the count). A cached post text (posts.fragments.ts)
 * is reused only while its version is the current one.
 * Free to read (no column is converted or hashed). An update of a column no card shows retires
 * the kept text too: a miss, never a stale answer. xmin wraps after 2^32
 * transactions, far beyond a kept text's life (FEED_CACHE_MS).
 */
export const postVersion = sql<string>`(${posts}.xmin::text || ' ' || ${users}.xmin::text)`;

/** The columns of a page row in select order; `author.*` keys go to the nested author row. */
function fieldsOf(shape: FeedShape, { viewerId }: PageInputs = parameterInputs): [string, SQLWrapper][] {
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
    [
      'isSaved',
      signedIn
        ? sql`exists (select 1 from ${saves} sv where sv.post_id = ${posts.id} and sv.user_id = ${viewerId})`
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
    ['taggedUsers', pageTaggedUsers],
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

function pageSql(shape: FeedShape, fields: SQLWrapper[], inputs: PageInputs = parameterInputs): SQL {
  const viewer =
    shape.viewer === 'signedOut' ? null : { id: inputs.viewerId, canModerate: shape.viewer === 'moderator' };
  const where = [visiblePostsWhereFor(viewer)];
  if (shape.cursor) where.push(keysetAfter(shape.sort, inputs.afterKey, inputs.afterId));
  const order =
    shape.sort === 'trending'
      ? sql`${descIndexed(posts.hotScore)}, ${descIndexed(posts.id)}`
      : sql`${descIndexed(posts.createdAt)}, ${descIndexed(posts.id)}`;
  return sql`select ${sql.join(fields, sql`, `)} from ${posts} inner join ${users} on ${users.id} = ${posts.authorId}
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
  isSaved: boolean;
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
  const { sql: text, params } = new PgDialect().sqlToQuery(
    pageSql(
      shape,
      fields.map(([, expr]) => expr),
    ),
  );
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

/**
 * The stubs of many members' pages of one shape in ONE statement: the members' ids (and cursors)
 * as arrays, each member's page a LATERAL run of the same page query with the member's id and
 * cursor read from their array row. The per-statement costs (a round trip, a wakeup of the
 * backend, bind and execute, the driver's work) are what a signed-in page paid most for; they are
 * now paid once per batch (lib/batcher.ts), while the rule, the order and the flags are the
 * same SQL as a one-member page.
 *
 * Order: the page subquery orders and limits its own rows, and a LATERAL subquery that reads the
 * outer row can only run as the inner side of a nested loop, once per member, so each member's
 * rows come out in their page's order; `n` (the member's place in the arrays) groups them.
 * The alias `feed_batch` must differ from every alias the rule's subqueries use (`b`, `f`, `l`, `s`, `sv`, `ptu`, `tu`).
 */
const BATCH = sql.raw('feed_batch');
const batchInputs: PageInputs = {
  viewerId: new ViewerValue(sql`${BATCH}.viewer_id`),
  afterKey: sql`${BATCH}.after_key`,
  afterId: sql`${BATCH}.after_id`,
};

export interface FeedBatchStatement {
  name: string;
  text: string;
  /** The statement's values for these members' pages (arrays, in the members' order). */
  values(inputs: readonly { viewerId: string; after?: FeedCursor }[]): unknown[];
  /** One result row (array mode): the member's place in the batch (0-based) and their stub. */
  toRow(raw: unknown[]): { at: number; stub: FeedStubRow };
}

/**
 * A batch's array parameter, read through a sub-select so that no plan can see its length, which
 * keeps the batch statements on PostgreSQL's generic plan. A prepared statement is planned for its
 * values (a custom plan) for its first five runs, and after that whenever the generic plan's
 * estimated cost is higher than the custom plans' average. A generic plan assumes 10 elements in
 * an array parameter; a custom plan counts the values, so batches of fewer than about 10 members
 * (most of them: 8 on average in the feed bench) looked cheaper custom and every batch was
 * planned anew, ~0.6 ms of a backend for a statement that runs in 0.1-0.3 ms (bench/README.md,
 * issue 34). Behind the sub-select both plans assume the same length, the generic one is no dearer,
 * and it is kept. The page inside is the same either way (the plan tests run both).
 */
function batchArray(name: string, type: 'varchar' | 'text'): SQL {
  return sql`(select ${sql.placeholder(name)}::${sql.raw(type)}[])`;
}

export function compileFeedBatchStatement(shape: Omit<FeedShape, 'columns'>): FeedBatchStatement {
  if (shape.viewer === 'signedOut') throw new Error("posts.feed: a batch is of members' pages");
  const stubShape: FeedShape = { ...shape, columns: 'stubs' };
  const fields = fieldsOf(stubShape, batchInputs);
  const page = pageSql(
    stubShape,
    fields.map(([, expr], i) => sql`${expr} as ${sql.raw(`c${i}`)}`),
    batchInputs,
  );
  const viewerIds = batchArray('viewerIds', 'varchar');
  const source = shape.cursor
    ? sql`unnest(${viewerIds}, ${batchArray('afterKeys', 'text')}, ${batchArray('afterIds', 'varchar')})
        with ordinality as ${BATCH}(viewer_id, after_key, after_id, n)`
    : sql`unnest(${viewerIds}) with ordinality as ${BATCH}(viewer_id, n)`;
  const { sql: text, params } = new PgDialect().sqlToQuery(
    sql`select ${BATCH}.n::int, page.* from ${source} cross join lateral (${page}) page`,
  );
  const read = rowReader(fields);
  return {
    name: `${feedStatementName(stubShape)}_batch`,
    text,
    values: (inputs) =>
      fillPlaceholders(params, {
        viewerIds: inputs.map((input) => input.viewerId),
        afterKeys: inputs.map(({ after }) =>
          after ? String(after.kind === 'newest' ? after.t : after.s) : null,
        ),
        afterIds: inputs.map(({ after }) => after?.id ?? null),
      }),
    toRow: (raw) => ({ at: (raw[0] as number) - 1, stub: read(raw.slice(1)) as unknown as FeedStubRow }),
  };
}

/**
 * Batches of a shape: one runs as soon as a page is asked for; while it runs, the pages asked for
 * meanwhile wait and go together in the next, of at most MAX_BATCH members (a batch's rows:
 * members × page rows). Only when BATCH_MORE_AT or more wait does another batch start beside the
 * running ones, up to BATCH_IN_FLIGHT: a queue that deep means one backend cannot keep up, and
 * the batches then spread over several backends (the pool has 10 connections) instead of all
 * waiting for one. Measured at 50 connections on 2 shared cores (bench/README.md, issue 34):
 * up to 4 at once from any queue (4 small batches) served the fewest pages; one at a time and
 * "a second once 8 wait" served about as many, the latter a little more on the demo instance;
 * "once 24 wait" (fewer, larger batches: each batch costs the server and a backend a wake-up and
 * ~0.3 ms beside its members' work) served more than "once 8" in 6 of 8 alternated runs, with
 * less of the cluster's CPU per page in 6 of 8.
 */
const BATCH_IN_FLIGHT = 4;
const BATCH_MORE_AT = 24;
const MAX_BATCH = 64;

const stubBatchers = new Batchers<pg.Pool, { viewerId: string; after?: FeedCursor }, FeedStubRow[]>();

function batcherFor(pool: pg.Pool, shape: Omit<FeedShape, 'columns'>) {
  return stubBatchers.get(pool, feedStatementName({ ...shape, columns: 'stubs' }), () => {
    const statement = compileFeedBatchStatement(shape);
    return new Batcher(
      async (inputs) => {
        const result = await pool.query<unknown[]>({
          name: statement.name,
          text: statement.text,
          values: statement.values(inputs),
          rowMode: 'array',
          types: driverTypes,
        });
        const pages: FeedStubRow[][] = inputs.map(() => []);
        for (const raw of result.rows) {
          const { at, stub } = statement.toRow(raw);
          pages[at]!.push(stub);
        }
        return pages;
      },
      { maxInFlight: BATCH_IN_FLIGHT, maxBatch: MAX_BATCH, moreAt: BATCH_MORE_AT },
    );
  });
}

/**
 * A member's page as stubs: the rule, the order and the flags, without the shared post text,
 * read in one statement with the other members' pages of the same shape asked for meanwhile.
 */
export async function readFeedStubs(
  pool: pg.Pool,
  shape: Omit<FeedShape, 'columns'>,
  input: { viewerId?: string; after?: FeedCursor },
): Promise<FeedStubRow[]> {
  const { viewerId } = input;
  if (shape.viewer === 'signedOut' || viewerId === undefined) {
    throw new Error('posts.feed: stubs are read for a member');
  }
  return batcherFor(pool, shape).call({ viewerId, after: input.after });
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
