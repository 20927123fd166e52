import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deletePostDraft, loadPostDraft } from '../../lib/post-draft-store';
import { DRAFT_TEXT } from '../../lib/text';
import { jsonResponse, makeToken, renderWithProviders } from '../../test/render';
import { stubApi } from '../post/post-fixtures';
import { CreatePostPage } from './CreatePostPage';

const USER_ID = 'a1b2c3d4e5f6a1b2c3d4e5f6';

beforeEach(async () => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  window.localStorage.setItem('token', makeToken({ userId: USER_ID }));
  await deletePostDraft(USER_ID);
});

function renderPage(handlers: Parameters<typeof stubApi>[0] = {}) {
  stubApi(handlers);
  return renderWithProviders(<CreatePostPage />, { path: '/create-post' });
}

describe('create-post drafts (IndexedDB)', () => {
  it('keeps every field across a reload, until discarded', async () => {
    const first = renderPage();
    await first.user.type(screen.getByLabelText('Title'), 'Night market');
    await first.user.type(screen.getByLabelText('Description'), 'Dumplings at midnight');
    await first.user.type(screen.getByLabelText('Tags'), 'food, taipei');
    await first.user.selectOptions(screen.getByLabelText('Category'), 'Food');
    await first.user.selectOptions(screen.getByLabelText('Privacy'), 'friends');
    expect(await screen.findByText(DRAFT_TEXT.saved)).toBeInTheDocument();
    await waitFor(async () => expect((await loadPostDraft(USER_ID))?.privacy).toBe('friends'));
    first.unmount();

    const second = renderPage();
    expect(await screen.findByText(DRAFT_TEXT.restored)).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Night market');
    expect(screen.getByLabelText('Description')).toHaveValue('Dumplings at midnight');
    expect(screen.getByLabelText('Tags')).toHaveValue('food, taipei');
    expect(screen.getByLabelText('Category')).toHaveValue('Food');
    expect(screen.getByLabelText('Privacy')).toHaveValue('friends');

    await second.user.click(screen.getByRole('button', { name: DRAFT_TEXT.discard }));
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Privacy')).toHaveValue('public');
    await waitFor(async () => expect(await loadPostDraft(USER_ID)).toBeNull());
    second.unmount();

    renderPage();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(DRAFT_TEXT.restored)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('is forgotten once the post is created', async () => {
    const { user } = renderPage({
      'POST /api/posts': () =>
        jsonResponse({ message: 'Post created successfully', post: { id: 'p1' } }, 201),
    });
    await user.type(screen.getByLabelText('Title'), 'Weekend in Irvine');
    await user.type(screen.getByLabelText('Description'), 'Tacos and sun');
    await user.selectOptions(screen.getByLabelText('Category'), 'Travel');
    expect(await screen.findByText(DRAFT_TEXT.saved)).toBeInTheDocument();
    expect(await loadPostDraft(USER_ID)).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Post created successfully!')).toBeInTheDocument();
    await waitFor(async () => expect(await loadPostDraft(USER_ID)).toBeNull());
  });

  it('says "saved" only once the latest change is written, and writes a waiting change when the page goes away', async () => {
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Title'), 'Harbour at dawn');
    expect(await screen.findByText(DRAFT_TEXT.saved)).toBeInTheDocument();

    // A newer change waits for its pause: the page must not claim it is kept yet. (Changed and
    // checked in one go, so the pause cannot end in between however slow the machine.)
    fireEvent.change(screen.getByLabelText('Privacy'), { target: { value: 'followers' } });
    expect(screen.getByText(DRAFT_TEXT.saving)).toBeInTheDocument();
    expect(screen.queryByText(DRAFT_TEXT.saved)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: DRAFT_TEXT.discard })).toBeInTheDocument();
    expect(await screen.findByText(DRAFT_TEXT.saved)).toBeInTheDocument();
    // When it says so, the stored draft is the latest.
    expect((await loadPostDraft(USER_ID))?.privacy).toBe('followers');

    // A reload within the pause: the change is written on the way out.
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Travel' } });
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(async () => expect((await loadPostDraft(USER_ID))?.category).toBe('Travel'));
  });
});
