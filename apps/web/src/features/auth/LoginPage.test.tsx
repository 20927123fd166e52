import { ACCOUNT_MSG, MSG } from '@glimpse/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  jsonResponse,
  makeSelfUser,
  makeToken,
  renderApp,
  stubFetch,
  stubMemberApi,
} from '../../test/render';
import { TWO_FACTOR_LOGIN_TEXT } from '../../lib/text';
import { WELCOME_CONTINUE_MS } from './LoginPage';

async function openLogin() {
  const view = renderApp('/login');
  await screen.findByRole('heading', { level: 1, name: 'Log in to Glimpse' });
  return view;
}

async function submitLogin(email: string, password: string) {
  const view = await openLogin();
  if (email) await view.user.type(screen.getByLabelText('Email'), email);
  if (password) await view.user.type(screen.getByLabelText('Password'), password);
  await view.user.click(screen.getByRole('button', { name: 'Log In' }));
  return view;
}

describe('LoginPage validation', () => {
  it('requires email and password, tying each message to its field', async () => {
    const fetchMock = stubFetch(() => Promise.reject(new Error('must not be called')));
    await submitLogin('', '');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MSG.emailRequired);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(MSG.passwordRequired);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a malformed email', async () => {
    await submitLogin('not-an-email', 'secret');
    expect(screen.getByText('Email format is invalid')).toBeInTheDocument();
  });

  it('rejects a provider outside the mainstream list with the short login text', async () => {
    await submitLogin('someone@example.org', 'secret');
    expect(screen.getByText('Please use a mainstream email provider')).toBeInTheDocument();
  });

  it('accepts the deployment host as a provider', async () => {
    stubFetch(() => Promise.resolve(jsonResponse({ message: 'Invalid email or password', code: 'X' }, 401)));
    // jsdom serves from "localhost": the {host} provider of SPEC §5.
    await submitLogin(`someone@${window.location.hostname}.localdomain`, 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.invalidCredentials);
    expect(screen.queryByText('Please use a mainstream email provider')).not.toBeInTheDocument();
  });
});

describe('LoginPage server errors', () => {
  const cases: Array<[string, () => Promise<Response>, string]> = [
    [
      '400 shows the server message',
      () => Promise.resolve(jsonResponse({ message: 'Email is required', code: 'VALIDATION' }, 400)),
      'Email is required',
    ],
    [
      '401 shows the server message',
      () =>
        Promise.resolve(
          jsonResponse({ message: 'Wrong password, try again', code: 'INVALID_CREDENTIALS' }, 401),
        ),
      'Wrong password, try again',
    ],
    [
      '401 without a message',
      () => Promise.resolve(new Response('', { status: 401 })),
      'Invalid email or password',
    ],
    [
      '404',
      () => Promise.resolve(jsonResponse({ message: 'nope', code: 'NOT_FOUND' }, 404)),
      'Account not found. Please check your email or register.',
    ],
    [
      '500',
      () => Promise.resolve(jsonResponse({ message: 'Internal server error', code: 'INTERNAL' }, 500)),
      'Login failed. Please try again.',
    ],
    [
      '429',
      () => Promise.resolve(jsonResponse({ message: 'Too many', code: 'RATE_LIMITED' }, 429)),
      'Login failed. Please try again.',
    ],
    [
      'no response',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'Network error. Please check your connection and try again.',
    ],
  ];

  it.each(cases)('%s', async (_name, respond, expected) => {
    stubFetch(respond);
    await submitLogin('alice@gmail.com', 'secret1');
    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('posts the credentials as JSON to /api/auth/login', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(jsonResponse({ message: 'x', code: 'X' }, 401)));
    await submitLogin('  alice@gmail.com ', 'secret1');
    await screen.findByRole('alert');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'alice@gmail.com', password: 'secret1' });
  });
});

describe('LoginPage two-factor step', () => {
  it('asks for the code after TWO_FACTOR_REQUIRED, shows a wrong one, then signs in with the code', async () => {
    const token = makeToken();
    const bodies: unknown[] = [];
    stubFetch((_url, init) => {
      const body = JSON.parse(String(init?.body)) as { code?: string };
      bodies.push(body);
      if (body.code === undefined)
        return Promise.resolve(
          jsonResponse({ message: ACCOUNT_MSG.twoFactorRequired, code: 'TWO_FACTOR_REQUIRED' }, 401),
        );
      if (body.code !== '123456')
        return Promise.resolve(
          jsonResponse({ message: ACCOUNT_MSG.invalidTwoFactorCode, code: 'INVALID_TWO_FACTOR_CODE' }, 401),
        );
      return Promise.resolve(jsonResponse({ message: 'Login successful', user: makeSelfUser(), token }));
    });
    const { user } = await submitLogin('alice@gmail.com', 'secret1');
    await screen.findByRole('heading', { level: 1, name: TWO_FACTOR_LOGIN_TEXT.title });
    // Being asked is not an error.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(TWO_FACTOR_LOGIN_TEXT.code), '654321');
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_LOGIN_TEXT.verify }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MSG.invalidTwoFactorCode);
    await user.clear(screen.getByLabelText(TWO_FACTOR_LOGIN_TEXT.code));
    await user.type(screen.getByLabelText(TWO_FACTOR_LOGIN_TEXT.code), '123456');
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_LOGIN_TEXT.verify }));
    expect(await screen.findByRole('dialog', { name: 'Welcome Back!' })).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBe(token);
    expect(bodies).toEqual([
      { email: 'alice@gmail.com', password: 'secret1' },
      { email: 'alice@gmail.com', password: 'secret1', code: '654321' },
      { email: 'alice@gmail.com', password: 'secret1', code: '123456' },
    ]);
  });
});

describe('LoginPage success', () => {
  it('stores the session, shows "Welcome Back!" and continues to /home', async () => {
    const token = makeToken();
    stubFetch(() =>
      Promise.resolve(jsonResponse({ message: 'Login successful', user: makeSelfUser(), token })),
    );
    const { user, router } = await submitLogin('alice@gmail.com', 'secret1');

    const dialog = await screen.findByRole('dialog', { name: 'Welcome Back!' });
    expect(window.localStorage.getItem('token')).toBe(token);
    // The page behind the modal is aria-hidden while it is open.
    const mainNav = screen.getByRole('navigation', { name: 'Main', hidden: true });
    expect(within(mainNav).getByRole('link', { name: 'Profile', hidden: true })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Continue to Home' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('continues to /home by itself after a moment', async () => {
    stubFetch(() =>
      Promise.resolve(jsonResponse({ message: 'ok', user: makeSelfUser(), token: makeToken() })),
    );
    const { router } = await submitLogin('alice@gmail.com', 'secret1');
    await screen.findByRole('dialog', { name: 'Welcome Back!' });
    expect(screen.getByText('Taking you to Home...')).toBeInTheDocument();
    // Nothing is clicked: the countdown alone gets there.
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), {
      timeout: WELCOME_CONTINUE_MS + 4000,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('continues to /home on Enter, wherever the focus is', async () => {
    stubFetch(() =>
      Promise.resolve(jsonResponse({ message: 'ok', user: makeSelfUser(), token: makeToken() })),
    );
    const { router } = await submitLogin('alice@gmail.com', 'secret1');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Back!' });
    within(dialog).getByRole('button', { name: 'Close' }).focus();
    fireEvent.keyDown(window, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), { timeout: 1000 });
  });

  it('sends a member who is already signed in to /home', async () => {
    window.localStorage.setItem('token', makeToken());
    stubMemberApi();
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('closes the success modal on Escape', async () => {
    stubFetch(() =>
      Promise.resolve(jsonResponse({ message: 'ok', user: makeSelfUser(), token: makeToken() })),
    );
    const { user } = await submitLogin('alice@gmail.com', 'secret1');
    await screen.findByRole('dialog', { name: 'Welcome Back!' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('LoginPage links', () => {
  it('links to register and forgot-password, with inert social buttons', async () => {
    const fetchMock = stubFetch(() => Promise.reject(new Error('must not be called')));
    const { user } = await openLogin();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    expect(google).toHaveAttribute('type', 'button');
    await user.click(google);
    await user.click(screen.getByRole('button', { name: 'Continue with Apple' }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText(MSG.emailRequired)).not.toBeInTheDocument();
  });
});
