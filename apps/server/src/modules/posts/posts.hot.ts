import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { posts } from '../../db/schema/index.js';

/**
 * The trending ("hot") score: log10(max(1, likes*2 + comments*3 + shares*4 + views*0.1))
 * + created epoch seconds / 45000. Engagement counts logarithmically and every 45000 s (12.5 h)
 * of age is worth one order of magnitude of engagement, so the order decays with time without
 * any periodic recomputation: the score only moves when a counter does, in the same UPDATE.
 */
export const HOT_SCORE_WEIGHTS = { likes: 2, comments: 3, shares: 4, views: 0.1 } as const;
export const HOT_SCORE_DECAY_SECONDS = 45_000;

export interface EngagementCounts<T> {
  likes: T;
  comments: T;
  shares: T;
  views: T;
}

export function hotScoreOf(counts: EngagementCounts<number>, createdAt: Date): number {
  const w = HOT_SCORE_WEIGHTS;
  const weighted =
    counts.likes * w.likes + counts.comments * w.comments + counts.shares * w.shares + counts.views * w.views;
  return Math.log10(Math.max(1, weighted)) + createdAt.getTime() / 1000 / HOT_SCORE_DECAY_SECONDS;
}

// Our own numeric constants, inlined as literals: as bind parameters PostgreSQL would infer
// `integer` for 0.1 from the integer column beside it and fail.
const lit = (n: number) => sql.raw(String(n));

/** The score as SQL over the given counter expressions (the new values, inside an UPDATE). */
export function hotScoreExpr(counts: EngagementCounts<SQLWrapper>): SQL {
  const w = HOT_SCORE_WEIGHTS;
  const weighted = sql`(${counts.likes}) * ${lit(w.likes)} + (${counts.comments}) * ${lit(w.comments)} + (${counts.shares}) * ${lit(w.shares)} + (${counts.views}) * ${lit(w.views)}`;
  return sql`(log(greatest(1, ${weighted})::numeric)::double precision + extract(epoch from ${posts.createdAt})::double precision / ${lit(HOT_SCORE_DECAY_SECONDS)})`;
}

/** The score from a row's current counters: `UPDATE posts SET hot_score = ${hotScoreSql}` (seed, repair). */
export const hotScoreSql: SQL = hotScoreExpr({
  likes: posts.likesCount,
  comments: posts.commentsCount,
  shares: posts.sharesCount,
  views: posts.viewsCount,
});
