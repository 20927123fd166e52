import { MAX_TAGGED_USERS, type TaggedUser } from '@glimpse/shared';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TAG_PEOPLE_TEXT } from '../../lib/text';
import { jsonResponse, renderWithProviders, stubFetch } from '../../test/render';
import { makePublicUser, routeFetch } from '../profile/test-fixtures';
import { TagPeopleField } from './TagPeopleField';

const ava = makePublicUser({
  id: 'a'.repeat(24),
  username: 'ava',
  profile: { ...makePublicUser().profile, displayName: 'Ava Stone' },
});
const ben = makePublicUser({
  id: 'b'.repeat(24),
  username: 'ben',
  profile: { ...makePublicUser().profile, displayName: 'Ben Adams' },
});

function Harness({ initial = [] }: { initial?: TaggedUser[] }) {
  const [value, setValue] = useState<TaggedUser[]>(initial);
  return (
    <>
      <TagPeopleField value={value} onChange={setValue} />
      <p data-testid="ids">{value.map((u) => u.id).join(',')}</p>
    </>
  );
}

const searches: string[] = [];
function stubUsers() {
  searches.length = 0;
  stubFetch(
    routeFetch({
      'GET /api/users': ({ url }) => {
        const search = url.searchParams.get('search') ?? '';
        searches.push(search);
        const needle = search.toLowerCase();
        return jsonResponse(
          [ava, ben].filter((u) => `${u.username} ${u.profile.displayName}`.toLowerCase().includes(needle)),
        );
      },
    }),
  );
}

describe('TagPeopleField', () => {
  it('searches members, adds one with the keyboard and one with the pointer, removes a chip', async () => {
    stubUsers();
    const { user } = renderWithProviders(<Harness />);
    const input = screen.getByRole('combobox', { name: TAG_PEOPLE_TEXT.label });
    await user.type(input, 'a');
    // Both match "a": the first is highlighted; ↓ moves to the second, Enter adds it.
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent('Ava Stone@ava');
    expect(options[1]).toHaveTextContent('Ben Adams@ben');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('ids').textContent).toBe(ben.id);
    expect(input).toHaveValue('');
    expect(screen.getByRole('list', { name: TAG_PEOPLE_TEXT.chosenLabel })).toHaveTextContent('Ben Adams');
    expect(searches).toContain('a');

    // A chosen member is not offered again.
    await user.type(input, 'a');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await user.click(screen.getByRole('option', { name: /Ava Stone/ }));
    expect(screen.getByTestId('ids').textContent).toBe(`${ben.id},${ava.id}`);

    await user.click(screen.getByRole('button', { name: TAG_PEOPLE_TEXT.remove('Ben Adams') }));
    expect(screen.getByTestId('ids').textContent).toBe(ava.id);
    // Backspace in an empty search takes the last chip off.
    await user.click(input);
    await user.keyboard('{Backspace}');
    expect(screen.getByTestId('ids').textContent).toBe('');
  });

  it('says when nobody matches, and Escape closes the list', async () => {
    stubUsers();
    const { user } = renderWithProviders(<Harness />);
    const input = screen.getByRole('combobox', { name: TAG_PEOPLE_TEXT.label });
    await user.type(input, 'zz');
    expect(await screen.findByText(TAG_PEOPLE_TEXT.noMatches)).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'be');
    await screen.findByRole('option', { name: /Ben Adams/ });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it(`stops at ${MAX_TAGGED_USERS} members`, () => {
    stubUsers();
    const many = Array.from({ length: MAX_TAGGED_USERS }, (_, i) => ({
      id: String(i).padStart(24, 'c'),
      _id: String(i).padStart(24, 'c'),
      username: `m${i}`,
      displayName: `Member ${i}`,
      avatarUrl: null,
    }));
    renderWithProviders(<Harness initial={many} />);
    expect(screen.getByRole('combobox', { name: TAG_PEOPLE_TEXT.label })).toBeDisabled();
    expect(screen.getByText(TAG_PEOPLE_TEXT.limitReached(MAX_TAGGED_USERS))).toBeInTheDocument();
  });
});
