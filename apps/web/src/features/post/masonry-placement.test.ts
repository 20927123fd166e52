import { describe, expect, it } from 'vitest';
import { makePost } from './post-fixtures';
import { masonryColumns, masonryPlacement, predictedCardHeight } from './masonry-placement';

const tall = (title = 'Tall') =>
  makePost({ title, media: { images: [{ ...makePost().media.images[0]!, width: 600, height: 800 }] } });
const wide = (title = 'Wide') =>
  makePost({ title, media: { images: [{ ...makePost().media.images[0]!, width: 800, height: 600 }] } });

describe('masonry placement', () => {
  it('sends each card to the column whose predicted bottom is highest, the first ones left to right', () => {
    // tall | wide, then the next card goes under the wide one, the one after under the tall one.
    expect(masonryColumns([tall(), wide(), tall(), wide()], 2)).toEqual([1, 2, 2, 1]);
    expect(masonryColumns([tall(), wide(), tall(), wide(), wide()], 3)).toEqual([1, 2, 3, 2, 1]);
  });

  it('places a card by the cards before it only: a longer list never moves the first ones', () => {
    const posts = [tall(), wide(), wide(), tall(), wide(), tall(), tall(), wide(), wide()];
    for (const n of [2, 3, 4, 5] as const) {
      const all = masonryColumns(posts, n);
      expect(masonryColumns(posts.slice(0, 5), n)).toEqual(all.slice(0, 5));
    }
  });

  it('counts a longer title and an excerpt into a card, and a photo-less card as text only', () => {
    const short = makePost({ title: 'Hi', excerpt: '' });
    const long = makePost({
      title: 'A much longer title that wraps onto a second line',
      excerpt: 'Some words',
    });
    expect(predictedCardHeight(long, 183)).toBeGreaterThan(predictedCardHeight(short, 183));
    const textOnly = makePost({ media: { images: [] } });
    expect(predictedCardHeight(textOnly, 183)).toBeLessThan(
      predictedCardHeight({ ...textOnly, media: tall().media }, 183),
    );
  });

  it('gives every item its column at each column count, as the attributes the grid reads', () => {
    expect(masonryPlacement([tall(), wide()])).toEqual([
      { 'data-c2': 1, 'data-c3': 1, 'data-c4': 1, 'data-c5': 1 },
      { 'data-c2': 2, 'data-c3': 2, 'data-c4': 2, 'data-c5': 2 },
    ]);
  });
});
