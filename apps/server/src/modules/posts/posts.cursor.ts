import { isValidId, type FeedSort } from '@glimpse/shared';
import { decodeCursor, encodeCursor, type TimeKey } from '../../lib/pagination.js';
import type { FeedCursor } from './posts.repo.js';

/** The exact text form produced by `exactTime` in the repo. */
const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

type ScoreKey = { s: number; id: string };

const isTimeKey = (v: unknown): v is TimeKey => {
  const k = v as TimeKey | null;
  return (
    typeof k === 'object' && k !== null && typeof k.t === 'string' && EXACT_TIME.test(k.t) && isValidId(k.id)
  );
};
const isScoreKey = (v: unknown): v is ScoreKey => {
  const k = v as ScoreKey | null;
  return (
    typeof k === 'object' && k !== null && typeof k.s === 'number' && Number.isFinite(k.s) && isValidId(k.id)
  );
};

/** (time, id) cursors: newest feeds, liked posts, comments. */
export const encodeTimeCursor = (t: string, id: string) => encodeCursor({ t, id });
export const decodeTimeCursor = (cursor: string): TimeKey => decodeCursor(cursor, isTimeKey);

/** A feed cursor belongs to one sort order; one from the other order is refused (400). */
export function decodeFeedCursor(cursor: string, sort: FeedSort): FeedCursor {
  if (sort === 'trending') {
    const { s, id } = decodeCursor(cursor, isScoreKey);
    return { kind: 'trending', s, id };
  }
  const { t, id } = decodeTimeCursor(cursor);
  return { kind: 'newest', t, id };
}

export function encodeFeedCursor(
  sort: FeedSort,
  row: { id: string; hotScore: number; cursorTime: string },
): string {
  return sort === 'trending'
    ? encodeCursor({ s: row.hotScore, id: row.id })
    : encodeTimeCursor(row.cursorTime, row.id);
}
