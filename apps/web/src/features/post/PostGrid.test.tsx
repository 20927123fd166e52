import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { makePost, stubApi } from './post-fixtures';
import { PostGrid } from './PostGrid';

beforeEach(() => {
  stubApi({});
});

describe('PostGrid photo loading', () => {
  it('puts the first card photo first in the queue, loads the next three eagerly and the rest lazily', () => {
    const posts = Array.from({ length: 6 }, (_, i) => makePost({ title: `Post ${i + 1}` }));
    renderWithProviders(<PostGrid posts={posts} label="Feed" />);

    const photos = within(screen.getByRole('list', { name: 'Feed' }))
      .getAllByRole('img')
      .map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')]);
    expect(photos).toEqual([
      ['eager', 'high'],
      ['eager', null],
      ['eager', null],
      ['eager', null],
      ['lazy', null],
      ['lazy', null],
    ]);
  });
});
