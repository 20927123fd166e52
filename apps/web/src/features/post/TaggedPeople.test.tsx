import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TAG_PEOPLE_TEXT } from '../../lib/text';
import { jsonResponse, renderWithProviders, stubFetch } from '../../test/render';
import { routeFetch } from '../profile/test-fixtures';
import { TaggedPeople } from './TaggedPeople';

const ava = {
  id: 'a'.repeat(24),
  _id: 'a'.repeat(24),
  username: 'ava',
  displayName: 'Ava Stone',
  avatarUrl: null,
};
const ben = {
  id: 'b'.repeat(24),
  _id: 'b'.repeat(24),
  username: 'ben',
  displayName: 'Ben Adams',
  avatarUrl: null,
};
const postId = 'p'.repeat(24);

describe('TaggedPeople', () => {
  it('links each tagged member to their profile; nothing at all without tags', () => {
    const { unmount } = renderWithProviders(
      <TaggedPeople postId={postId} taggedUsers={[ava, ben]} viewerId={undefined} />,
    );
    expect(screen.getByRole('link', { name: 'Ava Stone' })).toHaveAttribute('href', '/profile/ava');
    expect(screen.getByRole('link', { name: 'Ben Adams' })).toHaveAttribute('href', '/profile/ben');
    expect(screen.getByText(/With/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TAG_PEOPLE_TEXT.removeMe })).not.toBeInTheDocument();
    unmount();
    const { container } = renderWithProviders(
      <TaggedPeople postId={postId} taggedUsers={[]} viewerId={ava.id} />,
    );
    expect(container.querySelector('a')).toBeNull();
  });

  it('offers "Remove me" to a tagged member, after a confirmation', async () => {
    const deletes: string[] = [];
    stubFetch(
      routeFetch({
        [`DELETE /api/posts/${postId}/tags/me`]: ({ url }) => {
          deletes.push(url.pathname);
          return jsonResponse({ message: TAG_PEOPLE_TEXT.removed });
        },
      }),
    );
    const { user } = renderWithProviders(
      <TaggedPeople postId={postId} taggedUsers={[ava, ben]} viewerId={ben.id} />,
    );
    await user.click(screen.getByRole('button', { name: TAG_PEOPLE_TEXT.removeMe }));
    const dialog = await screen.findByRole('dialog', { name: TAG_PEOPLE_TEXT.removeMe });
    expect(dialog).toHaveTextContent(TAG_PEOPLE_TEXT.removeMeConfirm);
    expect(deletes).toEqual([]);
    const buttons = screen.getAllByRole('button', { name: TAG_PEOPLE_TEXT.removeMe });
    await user.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(deletes).toEqual([`/api/posts/${postId}/tags/me`]));
    expect(await screen.findByText(TAG_PEOPLE_TEXT.removed)).toBeInTheDocument();
  });
});
