import type { Post } from '@glimpse/shared';
import { aspectRatioOf, CARD_RATIO_BOUNDS } from './post-image';

/**
 * Which column each card of the masonry takes, decided from the posts alone, so the server's
 * HTML and the hydrated page place every card in the same column (PostGrid.module.css reads the
 * `data-c{n}` attributes for the column count the grid's width gives). Measured heights would
 * differ by a few pixels between the two and could send a card to the other column after
 * hydration: the layout shift this replaces. Cards go, in order, to the column whose predicted
 * bottom is highest; a card's place depends only on the cards before it, so appending a page
 * never moves a card already placed.
 */

/** Column counts the grid can have (PostGrid.module.css: 2 on phones and narrow grids, up to 5). */
export const MASONRY_COLUMN_COUNTS = [2, 3, 4, 5] as const;
export type MasonryColumnCount = (typeof MASONRY_COLUMN_COUNTS)[number];

/** A typical column width at each count, px (390 px phone; the desktop ranges' middles). */
const COLUMN_WIDTH: Record<MasonryColumnCount, number> = { 2: 183, 3: 240, 4: 235, 5: 235 };
/** Gap between cards, px (8 on phones, 16 otherwise). */
const GAP: Record<MasonryColumnCount, number> = { 2: 8, 3: 16, 4: 16, 5: 16 };

/** The card body without its variable lines: padding, category, byline row, counts and gaps. */
const BODY_FIXED_PX = 24 + 19 + 4 + 4 + 36 + 4 + 20;
const TITLE_LINE_PX = 20;
const EXCERPT_LINE_PX = 18;
/** Average advance of a character: the bold 14 px title, the 12 px excerpt. */
const TITLE_CHAR_PX = 7.6;
const EXCERPT_CHAR_PX = 6;

function lines(text: string | null | undefined, charPx: number, width: number, max: number): number {
  const length = text?.trim().length ?? 0;
  if (length === 0) return 0;
  return Math.min(max, Math.ceil((length * charPx) / width));
}

/** The card's predicted height at this column width, px: its photo frame and its text. */
export function predictedCardHeight(post: Post, columnWidth: number): number {
  const first = post.media.images[0];
  const photo = first ? columnWidth / aspectRatioOf(first, CARD_RATIO_BOUNDS) : 0;
  const textWidth = columnWidth - 24;
  const titleLines = Math.max(1, lines(post.title, TITLE_CHAR_PX, textWidth, 2));
  const excerptLines = lines(post.excerpt, EXCERPT_CHAR_PX, textWidth, 2);
  return (
    photo +
    BODY_FIXED_PX +
    titleLines * TITLE_LINE_PX +
    (excerptLines > 0 ? 4 + excerptLines * EXCERPT_LINE_PX : 0)
  );
}

/** Each post's column (1-based) in a grid of `columns` columns. */
export function masonryColumns(posts: readonly Post[], columns: MasonryColumnCount): number[] {
  const bottoms = new Array<number>(columns).fill(0);
  const width = COLUMN_WIDTH[columns];
  return posts.map((post) => {
    let shortest = 0;
    for (let c = 1; c < columns; c++) if (bottoms[c]! < bottoms[shortest]!) shortest = c;
    bottoms[shortest] = bottoms[shortest]! + predictedCardHeight(post, width) + GAP[columns];
    return shortest + 1;
  });
}

/** A grid item's column at every column count, as the attributes the grid's CSS reads. */
export type MasonryItemPlacement = Record<`data-c${MasonryColumnCount}`, number>;

/** The `data-c{n}` attributes of every post's grid item, for every column count. */
export function masonryPlacement(posts: readonly Post[]): MasonryItemPlacement[] {
  const byCount = MASONRY_COLUMN_COUNTS.map((n) => masonryColumns(posts, n));
  return posts.map((_, i) => ({
    'data-c2': byCount[0]![i]!,
    'data-c3': byCount[1]![i]!,
    'data-c4': byCount[2]![i]!,
    'data-c5': byCount[3]![i]!,
  }));
}
