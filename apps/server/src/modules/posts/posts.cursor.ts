import { isValidId, type FeedSort } from '@glimpse/shared';
import { decodeCursor, encodeCursor, type TimeKey } from '../../lib/pagination.js';
import type { FeedCursor } from './posts.repo.js';

/** The exact text form produced by `exactTime` in the repo. */
const EXACT_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

/**
 * A time as the server writes it (to_char ... US"Z") that also names a real instant: PostgreSQL
 * refuses month 13 or February 30 with an error, which must be the client's 400, not a failed
 * statement (in a batched feed read it would fail other members' pages too).
 */
export function isExactTime(t: string): boolean {
  const m = EXACT_TIME.exec(t);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return (
    year >= 1 && days !== undefined && day >= 1 && day <= days && hour < 24 && minute < 60 && second < 60
  );
}

type ScoreKey = { s: number; id: string };

const isTimeKey = (v: unknown): v is TimeKey => {
  const k = v as TimeKey | null;
  return (
    typeof k === 'object' && k !== null && typeof k.t === 'string' && isExactTime(k.t) && isValidId(k.id)
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
