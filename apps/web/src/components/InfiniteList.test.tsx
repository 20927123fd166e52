import { INFINITE_SCROLL_THRESHOLD_PX } from '@glimpse/shared';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InfiniteList } from './InfiniteList';

type ObserverCallback = (entries: Array<Partial<IntersectionObserverEntry>>) => void;

/** A controllable IntersectionObserver: the test decides when the sentinel comes into range. */
function stubIntersectionObserver() {
  const observers: Array<{
    callback: ObserverCallback;
    options?: IntersectionObserverInit;
    disconnected: boolean;
  }> = [];
  class FakeObserver {
    private readonly record;
    constructor(callback: ObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, options, disconnected: false };
      observers.push(this.record);
    }
    observe() {}
    disconnect() {
      this.record.disconnected = true;
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  const active = () => observers.filter((o) => !o.disconnected);
  return {
    observers,
    enterRange: () => act(() => active().forEach((o) => o.callback([{ isIntersecting: true }]))),
  };
}

const items = [
  { id: '1', title: 'First' },
  { id: '2', title: 'Second' },
];

function renderList(props: Partial<Parameters<typeof InfiniteList<(typeof items)[number]>>[0]> = {}) {
  const onLoadMore = vi.fn();
  render(
    <InfiniteList
      items={items}
      getKey={(item) => item.id}
      renderItem={(item) => <span>{item.title}</span>}
      hasNextPage
      isFetchingNextPage={false}
      onLoadMore={onLoadMore}
      loadingMessage="Loading more posts..."
      endMessage="You've seen all posts!"
      label="Posts"
      {...props}
    />,
  );
  return onLoadMore;
}

describe('InfiniteList', () => {
  it('loads the next page when the end comes within 200px of the viewport', () => {
    const io = stubIntersectionObserver();
    const onLoadMore = renderList();
    expect(screen.getByRole('list', { name: 'Posts' })).toHaveTextContent('FirstSecond');
    expect(io.observers[0]?.options?.rootMargin).toBe(`0px 0px ${INFINITE_SCROLL_THRESHOLD_PX}px 0px`);
    expect(onLoadMore).not.toHaveBeenCalled();
    io.enterRange();
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('does not ask again while a page is loading, and says so', () => {
    const io = stubIntersectionObserver();
    const onLoadMore = renderList({ isFetchingNextPage: true });
    io.enterRange();
    expect(onLoadMore).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Loading more posts...');
  });

  it('shows the end message after the last page', () => {
    const io = stubIntersectionObserver();
    const onLoadMore = renderList({ hasNextPage: false });
    io.enterRange();
    expect(onLoadMore).not.toHaveBeenCalled();
    expect(screen.getByText("You've seen all posts!")).toBeInTheDocument();
  });

  it('shows the empty state when there is nothing at all', () => {
    stubIntersectionObserver();
    renderList({ items: [], hasNextPage: false, empty: <p>No posts found</p> });
    expect(screen.getByText('No posts found')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
