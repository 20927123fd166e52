import { SHARE_POPUP_HEIGHT_PX, SHARE_POPUP_WIDTH_PX, type Post } from '@glimpse/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { usePostQuery } from '../../api/queries/posts';
import { jsonResponse, makeToken, renderWithProviders } from '../../test/render';
import { PostDetail } from './PostDetail';
import { OFFLINE_ACTION_TEXT } from '../../lib/text';
import { callsTo, makePost, stubApi } from './post-fixtures';

function deferred() {
  let resolve: (response: Response) => void = () => {};
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function signIn() {
  window.localStorage.setItem('token', makeToken());
}

/** PostDetail reads the post from props; a real screen feeds it from the query cache. */
function renderDetail(post: Post, handlers: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({ [`GET /api/posts/${post.id}`]: () => jsonResponse(post), ...handlers });
  return { ...renderWithProviders(<DetailFromCache id={post.id} />), fetchMock };
}

function DetailFromCache({ id }: { id: string }) {
  const { data } = usePostQuery(id);
  return data ? <PostDetail post={data} variant="page" /> : null;
}

describe('Offline', () => {
  it('a like says it was not saved, changes nothing and sends nothing', async () => {
    signIn();
    const post = makePost({ likesCount: 12, isLikedByUser: false });
    const { user, fetchMock } = renderDetail(post);
    const like = await screen.findByRole('button', { name: 'Like' });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(like);
    expect(await screen.findByText(OFFLINE_ACTION_TEXT.like)).toBeInTheDocument();
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText('12 likes')).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST /api/posts/${post.id}/like`)).toHaveLength(0);
    onLine.mockRestore();
  });

  it('a comment says it was not posted, tied to the field, and keeps the text', async () => {
    signIn();
    const post = makePost();
    const { user, fetchMock } = renderDetail(post);
    const field = await screen.findByPlaceholderText('Write a comment...');
    await user.type(field, 'Lovely');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(field).toHaveAccessibleDescription(OFFLINE_ACTION_TEXT.comment);
    expect(field).toHaveValue('Lovely');
    expect(callsTo(fetchMock, `POST /api/posts/${post.id}/comment`)).toHaveLength(0);
    onLine.mockRestore();
    // Editing clears the message.
    await user.type(field, '!');
    expect(screen.queryByText(OFFLINE_ACTION_TEXT.comment)).not.toBeInTheDocument();
  });
});

describe('Photo double tap', () => {
  it('a double click on a gallery photo likes the post and does not open the viewer', async () => {
    signIn();
    const post = makePost({ likesCount: 2, isLikedByUser: false });
    const { fetchMock } = renderDetail(post, {
      [`POST /api/posts/${post.id}/like`]: () => jsonResponse({ liked: true, likesCount: 3 }),
    });
    const tile = await screen.findByRole('button', { name: /^View photo 1 of/ });
    fireEvent.click(tile, { detail: 1 });
    fireEvent.click(tile, { detail: 2 });
    expect(await screen.findByRole('button', { name: 'Unlike' })).toHaveAttribute('aria-pressed', 'true');
    expect(callsTo(fetchMock, `POST /api/posts/${post.id}/like`)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('Like', () => {
  it('updates at once, then takes the server’s count', async () => {
    signIn();
    const post = makePost({ likesCount: 12, isLikedByUser: false });
    const answer = deferred();
    const { user } = renderDetail(post, { [`POST /api/posts/${post.id}/like`]: () => answer.promise });
    await user.click(await screen.findByRole('button', { name: 'Like' }));
    const unlike = screen.getByRole('button', { name: 'Unlike' });
    expect(unlike).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('13 likes')).toBeInTheDocument();

    answer.resolve(jsonResponse({ liked: true, likesCount: 20 }));
    expect(await screen.findByText('20 likes')).toBeInTheDocument();
  });

  it('rolls back when the server fails, and only logs the error', async () => {
    signIn();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const post = makePost({ likesCount: 12, isLikedByUser: false });
    const answer = deferred();
    const { user, router } = renderDetail(post, {
      [`POST /api/posts/${post.id}/like`]: () => answer.promise,
    });
    await user.click(await screen.findByRole('button', { name: 'Like' }));
    expect(screen.getByText('13 likes')).toBeInTheDocument();

    answer.resolve(jsonResponse({ message: 'boom', code: 'INTERNAL' }, 500));
    expect(await screen.findByText('12 likes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
    expect(log).toHaveBeenCalled();
    expect(window.localStorage.getItem('token')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([401, 403])('signs out and goes to /login on %i', async (status) => {
    signIn();
    const post = makePost();
    const { user, router } = renderDetail(post, {
      [`POST /api/posts/${post.id}/like`]: () =>
        jsonResponse({ message: 'Token expired', code: 'AUTH' }, status),
    });
    await user.click(await screen.findByRole('button', { name: 'Like' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(screen.getByText('12 likes')).toBeInTheDocument();
  });

  it('sends visitors to /login without calling the server', async () => {
    const post = makePost();
    const { user, router, fetchMock } = renderDetail(post);
    await user.click(await screen.findByRole('button', { name: 'Like' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(callsTo(fetchMock, `POST /api/posts/${post.id}/like`)).toHaveLength(0);
  });
});

describe('Follow', () => {
  it('toggles optimistically and takes the server’s follower count', async () => {
    signIn();
    const post = makePost();
    const answer = deferred();
    const { user } = renderDetail(post, {
      [`POST /api/users/${post.author.id}/follow`]: () => answer.promise,
    });
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    // Optimistic: shown while the server's answer is still held (the toggle's code loads on first
    // use, so it may take a moment, but never the answer's).
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    answer.resolve(jsonResponse({ following: false, followersCount: 5 }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('rolls back on failure', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const post = makePost();
    const { user } = renderDetail(post, {
      [`POST /api/users/${post.author.id}/follow`]: () => jsonResponse({ message: 'nope', code: 'X' }, 500),
    });
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('tells visitors "Authentication required" and goes to /login', async () => {
    const post = makePost();
    const { user, router } = renderDetail(post);
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText('Authentication required')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('Share', () => {
  it('opens the dialog without counting; a share made from it is counted once', async () => {
    signIn();
    const post = makePost({ sharesCount: 2 });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, fetchMock } = renderDetail(post, {
      [`POST /api/posts/${post.id}/share`]: () =>
        jsonResponse({ sharesCount: 3, shareUrl: `https://glimpse.example/posts/${post.id}` }),
    });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share' });
    expect(within(dialog).getByLabelText('Link')).toHaveValue(`${window.location.origin}/posts/${post.id}`);
    expect(callsTo(fetchMock, `POST /api/posts/${post.id}/share`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Twitter' }));
    expect(open).toHaveBeenCalledWith(
      expect.stringContaining(encodeURIComponent(`${window.location.origin}/posts/${post.id}`)),
      'share',
      expect.stringContaining(`width=${SHARE_POPUP_WIDTH_PX},height=${SHARE_POPUP_HEIGHT_PX}`),
    );
    expect(await screen.findByText('3 shares')).toBeInTheDocument();
    const [, init] = callsTo(fetchMock, `POST /api/posts/${post.id}/share`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ shareType: 'repost' });
    // Sending it a second way from the same dialog is the same share.
    await user.click(within(dialog).getByRole('button', { name: 'Facebook' }));
    expect(callsTo(fetchMock, `POST /api/posts/${post.id}/share`)).toHaveLength(1);
    expect(within(dialog).getByRole('link', { name: 'Email' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
  });

  it('uses the device share sheet where there is one: counted when shared, not when dismissed', async () => {
    signIn();
    const post = makePost({ sharesCount: 2 });
    let outcome: 'shared' | 'dismissed' = 'dismissed';
    const nativeShare = vi.fn(() =>
      outcome === 'shared'
        ? Promise.resolve()
        : Promise.reject(new DOMException('Share canceled', 'AbortError')),
    );
    Object.defineProperty(navigator, 'share', { value: nativeShare, configurable: true });
    try {
      const { user, fetchMock } = renderDetail(post, {
        [`POST /api/posts/${post.id}/share`]: () => jsonResponse({ sharesCount: 3, shareUrl: '' }),
      });
      await user.click(await screen.findByRole('button', { name: 'Share' }));
      await waitFor(() => expect(nativeShare).toHaveBeenCalledTimes(1));
      expect(nativeShare.mock.calls[0]).toEqual([
        expect.objectContaining({ title: post.title, url: `${window.location.origin}/posts/${post.id}` }),
      ]);
      expect(screen.queryByRole('dialog', { name: 'Share' })).not.toBeInTheDocument();
      expect(callsTo(fetchMock, `POST /api/posts/${post.id}/share`)).toHaveLength(0);

      outcome = 'shared';
      await user.click(screen.getByRole('button', { name: 'Share' }));
      expect(await screen.findByText('3 shares')).toBeInTheDocument();
      expect(callsTo(fetchMock, `POST /api/posts/${post.id}/share`)).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('signs out on 401 when the share is counted', async () => {
    signIn();
    vi.spyOn(window, 'open').mockReturnValue(null);
    const post = makePost();
    const { user, router } = renderDetail(post, {
      [`POST /api/posts/${post.id}/share`]: () =>
        jsonResponse({ message: 'Access token required', code: 'AUTH' }, 401),
    });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share' });
    await user.click(within(dialog).getByRole('button', { name: 'WhatsApp' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

describe('Comment failures', () => {
  it('signs out on 403', async () => {
    signIn();
    const post = makePost();
    const { user, router } = renderDetail(post, {
      [`POST /api/posts/${post.id}/comment`]: () =>
        jsonResponse({ message: 'Invalid token', code: 'AUTH' }, 403),
    });
    await user.type(await screen.findByPlaceholderText('Write a comment...'), 'Hi{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
