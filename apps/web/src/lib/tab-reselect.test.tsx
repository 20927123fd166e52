import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reselectTab, useTabRefresh } from './tab-reselect';

function Page({ onRefresh }: { onRefresh: () => void }) {
  useTabRefresh('/home', onRefresh);
  return null;
}

afterEach(() => {
  window.scrollY = 0;
});

describe('reselectTab', () => {
  it('scrolls to the top first, and refreshes the tab’s page only when already there', () => {
    const onRefresh = vi.fn();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { unmount } = render(<Page onRefresh={onRefresh} />);

    window.scrollY = 900;
    expect(reselectTab('/home')).toBe('top');
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(onRefresh).not.toHaveBeenCalled();

    window.scrollY = 0;
    expect(reselectTab('/home')).toBe('refresh');
    expect(onRefresh).toHaveBeenCalledTimes(1);
    // Another tab's page is not refreshed, and an unmounted page no longer listens.
    reselectTab('/explore');
    unmount();
    reselectTab('/home');
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });
});
