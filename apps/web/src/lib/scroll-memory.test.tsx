import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetScroll, rememberedScroll, useScrollMemory } from './scroll-memory';

function Feed({ feed, ready }: { feed: string; ready: boolean }) {
  useScrollMemory(feed, ready);
  return null;
}

function scrollWindowTo(y: number) {
  window.scrollY = y;
  window.dispatchEvent(new Event('scroll'));
}

afterEach(() => {
  window.scrollY = 0;
  vi.restoreAllMocks();
});

describe('useScrollMemory', () => {
  it('remembers each feed’s place and puts it back once the feed is ready', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const first = render(<Feed feed="home:a" ready />);
    scrollWindowTo(2400);
    expect(rememberedScroll('home:a')).toBe(2400);
    first.unmount();
    // Scrolling elsewhere after leaving is not this feed's business.
    scrollWindowTo(0);
    expect(rememberedScroll('home:a')).toBe(2400);

    const back = render(<Feed feed="home:a" ready={false} />);
    expect(scrollTo).not.toHaveBeenCalled();
    back.rerender(<Feed feed="home:a" ready />);
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 2400));
    back.unmount();
  });

  it('starts a forgotten (refreshed) feed at the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const view = render(<Feed feed="home:b" ready />);
    scrollWindowTo(800);
    view.unmount();
    forgetScroll('home:b');
    render(<Feed feed="home:b" ready />);
    await new Promise((resolve) => window.requestAnimationFrame(resolve));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
