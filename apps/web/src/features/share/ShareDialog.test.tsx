import { SHARE_COPY_CONFIRM_MS } from '@glimpse/shared';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareDialog } from './ShareDialog';

const URL_TO_SHARE = 'https://glimpse.example/posts/abc';

function renderDialog(content = 'Short text') {
  render(<ShareDialog open onOpenChange={() => {}} url={URL_TO_SHARE} title="My trip" content={content} />);
  return screen.getByRole('dialog', { name: 'Share' });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ShareDialog', () => {
  it.each([
    ['Twitter', 'https://twitter.com/intent/tweet?url='],
    ['Facebook', 'https://www.facebook.com/sharer/sharer.php?u='],
    ['WhatsApp', 'https://wa.me/?text='],
  ])('opens %s in a 600x400 popup named "share"', (name, prefix) => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const dialog = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name }));
    const [link, target, features] = open.mock.calls[0]!;
    expect(String(link).startsWith(prefix)).toBe(true);
    expect(String(link)).toContain(encodeURIComponent(URL_TO_SHARE));
    expect(target).toBe('share');
    expect(features).toMatch(/^width=600,height=400,/);
  });

  it('drafts an email with the title as subject and a 150-character description plus the link', () => {
    const long = 'a'.repeat(200);
    const dialog = renderDialog(long);
    const href = within(dialog).getByRole('link', { name: 'Email' }).getAttribute('href')!;
    const params = new URLSearchParams(href.slice('mailto:?'.length));
    expect(params.get('subject')).toBe('My trip');
    expect(params.get('body')).toBe(`${'a'.repeat(150)}…\n\n${URL_TO_SHARE}`);
  });

  it('copies the link and confirms "Link copied!" for 2 seconds', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const dialog = renderDialog();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    });
    expect(writeText).toHaveBeenCalledWith(URL_TO_SHARE);
    expect(within(dialog).getByRole('button', { name: 'Link copied!' })).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(SHARE_COPY_CONFIRM_MS - 1);
    });
    expect(within(dialog).getByText('Link copied!')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(within(dialog).queryByText('Link copied!')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });
});
