import type { Collection } from '@glimpse/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COLLECTION_TEXT } from '../../lib/text';
import { jsonResponse, makeSelfUser, makeToken, renderApp, stubFetch } from '../../test/render';
import { makePostList } from '../profile/test-fixtures';

const ME = makeSelfUser();
const base: Collection = {
  id: 'c'.repeat(24),
  _id: 'c'.repeat(24),
  ownerId: ME.id,
  title: 'Trips',
  description: '',
  isPrivate: false,
  postsCount: 0,
  cover: null,
};

/** The API as far as the collection page goes; every call is logged as "METHOD /path body". */
function stubCollectionApi(collection: Collection) {
  let current = collection;
  const calls: string[] = [];
  stubFetch(async (input, init) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? init.body : '';
    calls.push(`${method} ${pathname}${body ? ` ${body}` : ''}`);
    if (pathname === '/api/auth/me') return jsonResponse(ME);
    if (pathname === `/api/collections/${collection.id}`) {
      if (method === 'PUT') {
        current = { ...current, ...(JSON.parse(body) as Partial<Collection>) };
        return jsonResponse({ collection: current });
      }
      if (method === 'DELETE') return jsonResponse({ message: 'Collection deleted' });
      return jsonResponse({ collection: current, ...makePostList([]) });
    }
    return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
  return calls;
}

describe('CollectionPage owner actions', () => {
  it('renames the collection from a dialog', async () => {
    window.localStorage.setItem('token', makeToken());
    const calls = stubCollectionApi(base);
    const { user } = renderApp(`/collections/${base.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trips' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: COLLECTION_TEXT.rename }));
    const dialog = await screen.findByRole('dialog', { name: COLLECTION_TEXT.renameTitle });
    const field = within(dialog).getByRole('textbox', { name: COLLECTION_TEXT.titleLabel });
    await user.clear(field);
    await user.type(field, 'Summer trips');
    await user.click(within(dialog).getByRole('button', { name: COLLECTION_TEXT.save }));
    await waitFor(() => expect(calls).toContain(`PUT /api/collections/${base.id} {"title":"Summer trips"}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer trips' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes it after a confirmation and goes to the profile’s Collections', async () => {
    window.localStorage.setItem('token', makeToken());
    const calls = stubCollectionApi(base);
    const { user, router } = renderApp(`/collections/${base.id}`);
    await user.click(await screen.findByRole('button', { name: COLLECTION_TEXT.delete }));
    const dialog = await screen.findByRole('dialog', { name: COLLECTION_TEXT.delete });
    expect(dialog).toHaveTextContent(COLLECTION_TEXT.deleteConfirm);
    expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: COLLECTION_TEXT.delete }));
    await waitFor(() => expect(calls).toContain(`DELETE /api/collections/${base.id}`));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.search).toBe('?tab=collections');
  });

  it('shows neither to anyone but the owner', async () => {
    window.localStorage.setItem('token', makeToken());
    stubCollectionApi({ ...base, ownerId: 'f'.repeat(24) });
    renderApp(`/collections/${base.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Trips' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: COLLECTION_TEXT.rename })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: COLLECTION_TEXT.delete })).not.toBeInTheDocument();
  });
});
