import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeToken, renderApp } from '../../test/render';
import { makeImage, makePost, stubApi } from './post-fixtures';

const ID = 'a0a0a0a0a0a0a0a0a0a0a0a0';

describe('PostPage', () => {
  it('shows "Loading post..." then the post with its photo count and comment box', async () => {
    window.localStorage.setItem('token', makeToken());
    const post = makePost({ id: ID, _id: ID, media: { images: [makeImage(), makeImage(), makeImage()] } });
    stubApi({ [`GET /api/posts/${ID}`]: () => jsonResponse({ ...post, engagement: { comments: [] } }) });
    renderApp(`/posts/${ID}`);
    expect(await screen.findByText('Loading post...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/home');
    expect(screen.getByText('3 photos')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Write a comment...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post Comment' })).toBeDisabled();
  });

  it('shows "Post not found" with the default text for an unknown post', async () => {
    stubApi({
      [`GET /api/posts/${ID}`]: () =>
        jsonResponse({ message: 'Post not found', code: 'POST_NOT_FOUND' }, 404),
    });
    renderApp(`/posts/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByText('The post you are looking for does not exist.')).toBeInTheDocument();
  });

  it('shows the server’s message when it says more than the heading', async () => {
    stubApi({
      'GET /api/posts/bad': () => jsonResponse({ message: 'Invalid post ID', code: 'VALIDATION' }, 400),
    });
    renderApp('/posts/bad');
    expect(await screen.findByRole('heading', { name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByText('Invalid post ID')).toBeInTheDocument();
  });

  it('shows "Failed to load post" with Try Again for other failures', async () => {
    let calls = 0;
    const post = makePost({ id: ID, _id: ID });
    stubApi({
      [`GET /api/posts/${ID}`]: () => {
        calls += 1;
        return calls === 1 ? jsonResponse({ message: 'nope', code: 'X' }, 500) : jsonResponse(post);
      },
    });
    const { user } = renderApp(`/posts/${ID}`);
    expect(await screen.findByText('Failed to load post')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
  });
});
