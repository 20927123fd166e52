/**
 * What a post card shows of dates and counts (SPEC §9). Part of ./format.ts (import from there):
 * a module of its own so the web app's first screen carries only these, not every format.
 */
import { COUNT_MILLION, COUNT_THOUSAND } from './constants.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Abbreviates counts at 1,000 (K) and 1,000,000 (M) with one decimal: 1050 -> "1.1K". */
export function abbreviateCount(n: number): string {
  if (n >= COUNT_MILLION) return `${trimZero((n / COUNT_MILLION).toFixed(1))}M`;
  if (n >= COUNT_THOUSAND) {
    const k = (n / COUNT_THOUSAND).toFixed(1);
    // 999,999 would round to "1000.0K": carry it into the next unit instead.
    return Number(k) >= 1000 ? '1M' : `${trimZero(k)}K`;
  }
  return String(n);
}

function trimZero(s: string): string {
  return s.endsWith('.0') ? s.slice(0, -2) : s;
}

/** SPEC §9: what both relative dates say for a moment ago. */
export const JUST_NOW = 'Just now';

/** Post card date (SPEC §9): "Just now", "{n}h ago", "{n}d ago", else a locale date. */
export function formatCardDate(iso: string | Date, now: Date = new Date()): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const diff = now.getTime() - date.getTime();
  if (diff < HOUR_MS) return JUST_NOW;
  if (diff < 24 * HOUR_MS) return `${Math.floor(diff / HOUR_MS)}h ago`;
  if (diff < 168 * HOUR_MS) return `${Math.floor(diff / DAY_MS)}d ago`;
  return date.toLocaleDateString();
}
