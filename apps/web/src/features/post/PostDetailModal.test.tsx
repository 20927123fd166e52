import type { Post } from '@glimpse/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeSelfUser, makeToken, renderWithProviders } from '../../test/render';
import { PostDetailModal } from './PostDetailModal';
import { callsTo, makeComment, makeImage, makePost, stubApi } from './post-fixtures';

function Harness({ post }: { post: Post }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <PostDetailModal post={post} open={open} onOpenChange={setOpen} />
    </>
  );
}

function detailOf(post: Post, comments = [makeComment()]) {
  return { [`GET /api/posts/${post.id}`]: () => jsonResponse({ ...post, engagement: { comments } }) };
}

async function openModal(post: Post, handlers: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({ ...detailOf(post), ...handlers });
  const view = renderWithProviders(<Harness post={post} />);
  await view.user.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await screen.findByRole('dialog', { name: post.title });
  return { ...view, dialog, fetchMock };
}

describe('PostDetailModal closing', () => {
  it('closes on Escape and gives focus back to the opener', async () => {
    const { user } = await openModal(makePost());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('closes with the Close button', async () => {
    const { user, dialog } = await openModal(makePost());
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on an overlay click', async () => {
    await openModal(makePost());
    const overlay = document.querySelector('[data-state="open"]:not([role="dialog"])');
    expect(overlay).not.toBeNull();
    fireEvent.pointerDown(overlay!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('PostDetailModal content', () => {
  it('shows the post at once, then the comments from the detail call', async () => {
    const post = makePost({ tags: ['sunset', 'pier'] });
    const { dialog } = await openModal(post);
    // One heading: the dialog's own title; the visible title is not announced twice.
    expect(within(dialog).getAllByRole('heading', { name: post.title })).toHaveLength(1);
    expect(within(dialog).getAllByText(post.title).length).toBeGreaterThan(0);
    expect(within(dialog).getByText('Bob Builder')).toBeInTheDocument();
    expect(within(dialog).getByText('@bob')).toBeInTheDocument();
    expect(within(dialog).getByText('#sunset')).toBeInTheDocument();
    expect(within(dialog).getByText('120 views')).toBeInTheDocument();
    expect(within(dialog).getByText('12 likes')).toBeInTheDocument();
    expect(await within(dialog).findByText('Gorgeous!')).toBeInTheDocument();
    expect(within(dialog).getByText('5 minutes ago')).toBeInTheDocument();
  });

  it.each([
    [1, '1'],
    [2, '2'],
    [3, '3'],
  ])('lays out %i image(s) without a "View all" button', async (count, layout) => {
    const images = Array.from({ length: count }, () => makeImage());
    const { dialog } = await openModal(makePost({ media: { images } }));
    expect(dialog.querySelector(`[data-layout="${layout}"]`)).not.toBeNull();
    expect(within(dialog).getAllByRole('button', { name: /^View photo/ })).toHaveLength(count);
    expect(within(dialog).queryByRole('button', { name: /^View all/ })).not.toBeInTheDocument();
  });

  it('shows four tiles, "+N" on the fourth and "View all N photos" for more than four', async () => {
    const images = Array.from({ length: 5 }, () => makeImage());
    const { dialog } = await openModal(makePost({ media: { images } }));
    expect(dialog.querySelector('[data-layout="4+"]')).not.toBeNull();
    expect(within(dialog).getAllByRole('button', { name: /^View photo/ })).toHaveLength(4);
    expect(within(dialog).getByText('+1')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'View all 5 photos' })).toBeInTheDocument();
  });

  it('hides Follow on the signed-in user’s own post', async () => {
    window.localStorage.setItem('token', makeToken());
    const me = makeSelfUser();
    const post = makePost();
    post.author = { ...post.author, id: me.id, _id: me.id, username: me.username };
    const { dialog } = await openModal(post);
    expect(within(dialog).queryByRole('button', { name: /^Follow/ })).not.toBeInTheDocument();
  });
});

describe('ImageViewer', () => {
  const images = [
    makeImage({ altText: 'one', caption: 'First light' }),
    makeImage({ altText: 'two' }),
    makeImage({ altText: 'three' }),
  ];

  async function openViewer(index: number) {
    const post = makePost({ media: { images }, content: 'x'.repeat(150) });
    const view = await openModal(post);
    await view.user.click(within(view.dialog).getByRole('button', { name: `View photo ${index} of 3` }));
    const viewer = await screen.findByRole('dialog', { name: `${post.title}: photos` });
    return { ...view, viewer, post };
  }

  it('opens at the clicked photo; arrows and buttons move and wrap; Escape closes only the viewer', async () => {
    const { user, viewer } = await openViewer(2);
    expect(within(viewer).getByText('2 / 3')).toBeInTheDocument();
    expect(within(viewer).getByRole('img', { name: 'two' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByText('3 / 3')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(within(viewer).getByText('1 / 3')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(within(viewer).getByText('3 / 3')).toBeInTheDocument();
    await user.click(within(viewer).getByRole('button', { name: 'Next photo' }));
    expect(within(viewer).getByText('1 / 3')).toBeInTheDocument();
    await user.click(within(viewer).getByRole('button', { name: 'Previous photo' }));
    expect(within(viewer).getByText('3 / 3')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: /: photos$/ })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows thumbnails and the caption, falling back to the content excerpt', async () => {
    const { user, viewer } = await openViewer(1);
    expect(within(viewer).getByText('First light')).toBeInTheDocument();
    const thumbs = within(viewer).getAllByRole('button', { name: /^Show photo/ });
    expect(thumbs).toHaveLength(3);
    expect(thumbs[0]).toHaveAttribute('aria-current', 'true');
    await user.click(thumbs[1]!);
    expect(within(viewer).getByText('2 / 3')).toBeInTheDocument();
    expect(within(viewer).getByText(`${'x'.repeat(100)}…`)).toBeInTheDocument();
  });

  it('opens at the first photo from "View all N photos"', async () => {
    const many = Array.from({ length: 5 }, (_, i) => makeImage({ altText: `photo ${i + 1}` }));
    const post = makePost({ media: { images: many } });
    const { user, dialog } = await openModal(post);
    await user.click(within(dialog).getByRole('button', { name: 'View all 5 photos' }));
    const viewer = await screen.findByRole('dialog', { name: `${post.title}: photos` });
    expect(within(viewer).getByText('1 / 5')).toBeInTheDocument();
  });
});

describe('PostDetailModal comments', () => {
  it('asks visitors to log in', async () => {
    const { dialog } = await openModal(makePost());
    expect(within(dialog).getByRole('link', { name: 'Please login to comment' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(within(dialog).queryByPlaceholderText('Write a comment...')).not.toBeInTheDocument();
  });

  it('sends a trimmed comment on Enter, not on Shift+Enter, and disables the button while empty', async () => {
    window.localStorage.setItem('token', makeToken());
    const post = makePost();
    const added = makeComment({ content: 'Lovely colours', id: 'dddddddddddddddddddddddd' });
    let resolveComment: (r: Response) => void = () => {};
    const { user, dialog, fetchMock } = await openModal(post, {
      [`POST /api/posts/${post.id}/comment`]: () =>
        new Promise<Response>((resolve) => {
          resolveComment = resolve;
        }),
    });
    await within(dialog).findByText('Gorgeous!');
    const field = within(dialog).getByPlaceholderText('Write a comment...');
    const button = within(dialog).getByRole('button', { name: 'Post Comment' });
    expect(button).toBeDisabled();

    await user.type(field, '   ');
    expect(button).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(callsTo(fetchMock, `POST /api/posts/${post.id}/comment`)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '  Lovely{Shift>}{Enter}{/Shift}');
    expect(field).toHaveValue('  Lovely\n');
    await user.clear(field);
    await user.type(field, '  Lovely colours  ');
    expect(button).toBeEnabled();
    await user.keyboard('{Enter}');

    expect(await within(dialog).findByRole('button', { name: 'Posting...' })).toBeDisabled();
    const [, init] = callsTo(fetchMock, `POST /api/posts/${post.id}/comment`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ content: 'Lovely colours' });

    resolveComment(jsonResponse({ comment: added, commentsCount: 2 }, 201));
    expect(await within(dialog).findByText('Lovely colours')).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveValue(''));
    expect(within(dialog).getByText('2 comments')).toBeInTheDocument();
  });
});
