import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSelfUser, makeToken, renderWithProviders } from '../../test/render';
import { PostCard } from './PostCard';
import { OFFLINE_ACTION_TEXT } from '../../lib/text';
import { callsTo, makeImage, makePost, stubApi } from './post-fixtures';
import { jsonResponse } from '../../test/render';

const HOUR = 60 * 60 * 1000;

function signIn() {
  window.localStorage.setItem('token', makeToken());
}

beforeEach(() => {
  stubApi({});
});

describe('PostCard content', () => {
  it('shows category, title, excerpt, author, relative date and labelled stats', () => {
    renderWithProviders(<PostCard post={makePost()} />);
    expect(screen.getByText('Travel')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sunset at the pier' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/posts\//),
    );
    expect(screen.getByText('The light over the water was unreal tonight.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bob Builder' })).toHaveAttribute('href', '/profile/bob');
    expect(screen.getByText('2h ago')).toBeInTheDocument();
    expect(screen.getByText('120 views')).toBeInTheDocument();
    expect(screen.getByText('12 likes')).toBeInTheDocument();
    expect(screen.getByText('1 comment')).toBeInTheDocument();
    expect(screen.getByText('2 shares')).toBeInTheDocument();
  });

  it.each([
    [10 * 60 * 1000, 'Just now'],
    [5 * HOUR, '5h ago'],
    [3 * 24 * HOUR, '3d ago'],
  ])('dates a post %i ms old as "%s"', (age, text) => {
    renderWithProviders(
      <PostCard post={makePost({ createdAt: new Date(Date.now() - age).toISOString() })} />,
    );
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('dates a post older than a week with the locale date', () => {
    const created = new Date(Date.now() - 10 * 24 * HOUR);
    renderWithProviders(<PostCard post={makePost({ createdAt: created.toISOString() })} />);
    expect(screen.getByText(created.toLocaleDateString())).toBeInTheDocument();
  });

  it('gives the image a srcset, sizes and a reserved aspect ratio', () => {
    const image = makeImage({ width: 1000, height: 1000, altText: 'Pier at dusk' });
    renderWithProviders(<PostCard post={makePost({ media: { images: [image] } })} />);
    const img = screen.getByRole('img', { name: 'Pier at dusk' });
    expect(img.getAttribute('srcset')).toContain('320w');
    expect(img.getAttribute('sizes')).toBeTruthy();
    expect(img.closest('[style*="aspect-ratio"]')).not.toBeNull();
  });
});

describe('PostCard carousel', () => {
  const images = [
    makeImage({ altText: 'one' }),
    makeImage({ altText: 'two' }),
    makeImage({ altText: 'three' }),
  ];

  it('has no carousel controls for a single image', () => {
    renderWithProviders(<PostCard post={makePost()} />);
    expect(screen.queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
    expect(screen.queryByText(/photos$/)).not.toBeInTheDocument();
  });

  it('shows "{n} photos" and "i / n", and wraps at both ends', async () => {
    const { user } = renderWithProviders(<PostCard post={makePost({ media: { images } })} />);
    expect(screen.getByText('3 photos')).toBeInTheDocument();
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'one' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'three' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
  });

  it('does not open the post when paging through photos', async () => {
    const onOpen = vi.fn();
    const { user, router } = renderWithProviders(
      <PostCard post={makePost({ media: { images } })} onOpen={onOpen} />,
    );
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(onOpen).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('PostCard opening', () => {
  it('goes to /posts/{id} without a handler', async () => {
    const post = makePost();
    const { user, router } = renderWithProviders(<PostCard post={post} />);
    await user.click(screen.getByRole('link', { name: post.title }));
    expect(router.state.location.pathname).toBe(`/posts/${post.id}`);
  });

  it('calls onOpen instead of navigating when given', async () => {
    const post = makePost();
    const onOpen = vi.fn();
    const { user, router } = renderWithProviders(<PostCard post={post} onOpen={onOpen} />);
    await user.click(screen.getByRole('link', { name: post.title }));
    expect(onOpen).toHaveBeenCalledWith(post);
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('PostCard photo gestures', () => {
  /** Two clicks in a row, as a double click (or a double tap) delivers them. */
  function doubleClick(el: Element) {
    fireEvent.click(el, { detail: 1, clientX: 40, clientY: 40 });
    fireEvent.click(el, { detail: 2, clientX: 40, clientY: 40 });
  }

  it('likes the post on a double click, with a heart, and never unlikes', async () => {
    signIn();
    const post = makePost({ likesCount: 3, isLikedByUser: false });
    const fetchMock = stubApi({
      [`POST /api/posts/${post.id}/like`]: () => jsonResponse({ liked: true, likesCount: 4 }),
    });
    const { container, router } = renderWithProviders(<PostCard post={post} />);
    const photo = container.querySelector('[data-swipe-track]')!;
    doubleClick(photo);
    expect(container.querySelector('[data-heart-burst]')).not.toBeNull();
    await waitFor(() => expect(callsTo(fetchMock, `POST /api/posts/${post.id}/like`)).toHaveLength(1));
    // A double tap on a liked post keeps it liked: no toggle back.
    const liked = { ...post, isLikedByUser: true, likesCount: 4 };
    const again = renderWithProviders(<PostCard post={liked} />);
    doubleClick(again.container.querySelector('[data-swipe-track]')!);
    expect(again.container.querySelector('[data-heart-burst]')).not.toBeNull();
    expect(callsTo(fetchMock, `POST /api/posts/${post.id}/like`)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens the post on a single tap of the photo, once the double-tap window has passed', async () => {
    const post = makePost();
    const onOpen = vi.fn();
    const { container } = renderWithProviders(<PostCard post={post} onOpen={onOpen} />);
    fireEvent.click(container.querySelector('[data-swipe-track]')!, { detail: 1 });
    expect(onOpen).not.toHaveBeenCalled();
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith(post));
  });

  it('sends a visitor who double-taps to /login, without a heart', async () => {
    const post = makePost();
    const { container, router } = renderWithProviders(<PostCard post={post} />);
    doubleClick(container.querySelector('[data-swipe-track]')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(container.querySelector('[data-heart-burst]')).toBeNull();
  });

  it('says so offline, and sends nothing', () => {
    signIn();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const post = makePost();
    const fetchMock = stubApi({});
    const { container } = renderWithProviders(<PostCard post={post} />);
    doubleClick(container.querySelector('[data-swipe-track]')!);
    expect(screen.getByText(OFFLINE_ACTION_TEXT.like)).toBeInTheDocument();
    expect(container.querySelector('[data-heart-burst]')).toBeNull();
    expect(callsTo(fetchMock, `POST /api/posts/${post.id}/like`)).toHaveLength(0);
    onLine.mockRestore();
  });
});

describe('PostCard Follow button', () => {
  afterEach(() => window.localStorage.clear());

  it('is hidden from visitors even with a handler', () => {
    renderWithProviders(<PostCard post={makePost()} onFollow={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
  });

  it('is hidden without a handler', () => {
    signIn();
    renderWithProviders(<PostCard post={makePost()} />);
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
  });

  it('is hidden on the signed-in user’s own post', () => {
    signIn();
    const me = makeSelfUser();
    const post = makePost();
    post.author = { ...post.author, id: me.id, _id: me.id, username: me.username };
    renderWithProviders(<PostCard post={post} onFollow={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /Follow/ })).not.toBeInTheDocument();
  });

  it('shows Follow with aria-pressed and calls the handler without opening the post', async () => {
    signIn();
    const onFollow = vi.fn();
    const onOpen = vi.fn();
    const post = makePost();
    const { user } = renderWithProviders(<PostCard post={post} onFollow={onFollow} onOpen={onOpen} />);
    const follow = screen.getByRole('button', { name: 'Follow' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    await user.click(follow);
    expect(onFollow).toHaveBeenCalledWith(post);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('reads "Following", pressed, when the user follows the author', () => {
    signIn();
    const post = makePost();
    renderWithProviders(
      <PostCard post={{ ...post, author: { ...post.author, isFollowedByUser: true } }} onFollow={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('PostCard menu', () => {
  const me = 'a1b2c3d4e5f6a1b2c3d4e5f6';
  const collection = {
    id: 'c'.repeat(24),
    _id: 'c'.repeat(24),
    ownerId: me,
    title: 'Trips',
    description: '',
    isPrivate: false,
    postsCount: 0,
    cover: null,
  };

  it("offers Save to collection in the ⋯ menu of someone else's post", async () => {
    signIn();
    const post = makePost();
    const api = stubApi({
      [`GET /api/users/${me}/collections`]: () => jsonResponse({ collections: [collection] }),
      [`POST /api/collections/${collection.id}/posts`]: () =>
        jsonResponse({ collection: { ...collection, postsCount: 1 } }),
    });
    const { user } = renderWithProviders(<PostCard post={post} />);
    await user.click(await screen.findByRole('button', { name: 'More options' }));
    expect(await screen.findByRole('menuitem', { name: 'Report post' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Save to collection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save to collection' });
    await user.click(await within(dialog).findByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsTo(api, `POST /api/collections/${collection.id}/posts`)).toHaveLength(1));
    const [, init] = callsTo(api, `POST /api/collections/${collection.id}/posts`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ postId: post.id });
    expect(await screen.findByText('Saved to Trips')).toBeInTheDocument();
  });

  it('offers it in the author’s own menu too, beside Edit and Delete', async () => {
    signIn();
    stubApi({});
    const { user } = renderWithProviders(
      <PostCard post={makePost({ author: { ...makePost().author, id: me, _id: me, username: 'alice' } })} />,
    );
    await user.click(await screen.findByRole('button', { name: 'More options' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Edit post', 'Save to collection', 'Delete post']);
  });
});
