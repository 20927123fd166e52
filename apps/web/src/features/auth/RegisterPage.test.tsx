import { MSG } from '@glimpse/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  makeSelfUser,
  makeToken,
  renderApp,
  stubFetch,
  stubMemberApi,
} from '../../test/render';

async function submitRegister({ email = '', username = '', password = '' }) {
  const view = renderApp('/register');
  await screen.findByRole('heading', { level: 1, name: 'Create your account' });
  if (email) await view.user.type(screen.getByLabelText('Email'), email);
  if (username) await view.user.type(screen.getByLabelText('Username'), username);
  if (password) await view.user.type(screen.getByLabelText('Password'), password);
  await view.user.click(screen.getByRole('button', { name: 'Sign Up' }));
  return view;
}

const VALID = { email: 'newbie@gmail.com', username: 'newbie', password: 'secret1' };

describe('RegisterPage validation', () => {
  it('requires every field', async () => {
    const fetchMock = stubFetch(() => Promise.reject(new Error('must not be called')));
    await submitRegister({});
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MSG.emailRequired);
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the email format', async () => {
    await submitRegister({ ...VALID, email: 'newbie@' });
    expect(screen.getByText('Email format is invalid')).toBeInTheDocument();
  });

  it('names example providers when the email provider is not mainstream', async () => {
    await submitRegister({ ...VALID, email: 'newbie@corp.example' });
    expect(
      screen.getByText('Please use a mainstream email provider (Gmail, QQ, 163, Yahoo, Outlook, etc.)'),
    ).toBeInTheDocument();
  });

  it('needs a username of at least 3 characters', async () => {
    await submitRegister({ ...VALID, username: 'ab' });
    expect(screen.getByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveFocus();
  });

  it('needs a password of at least 6 characters', async () => {
    await submitRegister({ ...VALID, password: '12345' });
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters',
    );
  });
});

describe('RegisterPage server errors', () => {
  const cases: Array<[string, () => Promise<Response>, string]> = [
    [
      '400 mentioning the email',
      () =>
        Promise.resolve(jsonResponse({ message: 'A user with this email exists', code: 'VALIDATION' }, 400)),
      'Email already exists',
    ],
    [
      '400 "Email already exists"',
      () => Promise.resolve(jsonResponse({ message: 'Email already exists', code: 'VALIDATION' }, 400)),
      'Email already exists',
    ],
    [
      '400 mentioning the username',
      () => Promise.resolve(jsonResponse({ message: 'That username is in use', code: 'VALIDATION' }, 400)),
      'Username already taken',
    ],
    [
      '400 with another message',
      () => Promise.resolve(jsonResponse({ message: 'Something else is wrong', code: 'VALIDATION' }, 400)),
      'Something else is wrong',
    ],
    [
      '400 with a field-rule text',
      () => Promise.resolve(jsonResponse({ message: MSG.usernameChars, code: 'VALIDATION' }, 400)),
      MSG.usernameChars,
    ],
    [
      '500',
      () => Promise.resolve(jsonResponse({ message: 'Internal server error', code: 'INTERNAL' }, 500)),
      'Registration failed. Please try again.',
    ],
    [
      'no response',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Network error. Please check your connection and try again.',
    ],
  ];

  it.each(cases)('%s', async (_name, respond, expected) => {
    stubFetch(respond);
    await submitRegister(VALID);
    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
  });

  it('posts email, username and password to /api/users', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(jsonResponse({ message: 'x', code: 'X' }, 500)));
    await submitRegister(VALID);
    await screen.findByRole('alert');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/users');
    expect(JSON.parse(String(init?.body))).toEqual(VALID);
  });
});

describe('RegisterPage success', () => {
  it("stores the session; the dialog's button says what comes next: people to follow, skippable, then Home", async () => {
    const token = makeToken({ username: 'newbie' });
    const body = { message: 'User created', user: makeSelfUser({ username: 'newbie' }), token };
    const suggested = makeSelfUser({ id: 'f1f1f1f1f1f1f1f1f1f1f1f1', username: 'popular' });
    // POST /api/users signs up; GET /api/users (the suggestions) lists the most followed.
    stubFetch((url, init) =>
      Promise.resolve(
        init?.method === 'POST'
          ? jsonResponse(body, 201)
          : url.startsWith('/api/users')
            ? jsonResponse([{ ...suggested, isFollowedByUser: false, followersCount: 12 }])
            : jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404),
      ),
    );
    const { user, router } = await submitRegister(VALID);

    const dialog = await screen.findByRole('dialog', { name: 'Account Created!' });
    expect(window.localStorage.getItem('token')).toBe(token);
    expect(within(dialog).queryByRole('button', { name: 'Continue to Login' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Find people to follow' }));
    expect(await screen.findByRole('heading', { name: 'Find people to follow' })).toBeInTheDocument();
    expect(await screen.findByText(/@popular/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('sends a member who is already signed in to /home', async () => {
    window.localStorage.setItem('token', makeToken());
    stubMemberApi();
    const { router } = renderApp('/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('links to the terms, the privacy policy and the login page', async () => {
    renderApp('/register');
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});
