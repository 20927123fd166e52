import { ACCOUNT_MSG, MSG } from '@glimpse/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RESET_TEXT } from '../../lib/text';
import { jsonResponse, renderApp, stubFetch } from '../../test/render';

describe('/forgot-password', () => {
  it('says to ask the administrator when the server cannot send mail', async () => {
    stubFetch(() =>
      Promise.resolve(jsonResponse({ geocoderUrl: '', mailDomain: '', passwordResetByEmail: false })),
    );
    renderApp('/forgot-password');
    expect(await screen.findByText(RESET_TEXT.noMail)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: RESET_TEXT.send })).not.toBeInTheDocument();
  });

  it('asks for the email, sends it, then says to check the mail', async () => {
    const bodies: unknown[] = [];
    stubFetch((url, init) => {
      if (String(url).endsWith('/config'))
        return Promise.resolve(jsonResponse({ geocoderUrl: '', mailDomain: '', passwordResetByEmail: true }));
      bodies.push(JSON.parse(String(init?.body)));
      return Promise.resolve(jsonResponse({ message: ACCOUNT_MSG.resetRequested }, 202));
    });
    const { user } = renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: RESET_TEXT.send }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MSG.emailRequired);
    await user.type(screen.getByLabelText('Email'), 'ana@gmail.com');
    await user.click(screen.getByRole('button', { name: RESET_TEXT.send }));
    expect(await screen.findByText(RESET_TEXT.sent('ana@gmail.com'))).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'ana@gmail.com' }]);
  });
});

describe('/reset-password', () => {
  it('checks the two fields, sets the password with the link token, and offers to log in', async () => {
    const bodies: unknown[] = [];
    stubFetch((_url, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return Promise.resolve(jsonResponse({ message: ACCOUNT_MSG.resetDone }));
    });
    const { user } = renderApp('/reset-password?token=abc_DEF-123');
    await screen.findByRole('heading', { level: 1, name: RESET_TEXT.resetTitle });
    await user.type(screen.getByLabelText(RESET_TEXT.newPassword), 'new-secret');
    await user.type(screen.getByLabelText(RESET_TEXT.confirmPassword), 'other-secret');
    await user.click(screen.getByRole('button', { name: RESET_TEXT.save }));
    expect(screen.getByLabelText(RESET_TEXT.confirmPassword)).toHaveAccessibleDescription(
      MSG.passwordsDoNotMatch,
    );
    await user.clear(screen.getByLabelText(RESET_TEXT.confirmPassword));
    await user.type(screen.getByLabelText(RESET_TEXT.confirmPassword), 'new-secret');
    await user.click(screen.getByRole('button', { name: RESET_TEXT.save }));
    const done = (await screen.findByText(ACCOUNT_MSG.resetDone)).closest('[role="status"]') as HTMLElement;
    expect(within(done).getByRole('link', { name: RESET_TEXT.logIn })).toHaveAttribute('href', '/login');
    expect(bodies).toEqual([{ token: 'abc_DEF-123', password: 'new-secret' }]);
  });

  it('shows the server text for a used or expired link, with a way to ask for another', async () => {
    stubFetch(() =>
      Promise.resolve(jsonResponse({ message: ACCOUNT_MSG.resetInvalid, code: 'VALIDATION' }, 400)),
    );
    const { user } = renderApp('/reset-password?token=used');
    await user.type(await screen.findByLabelText(RESET_TEXT.newPassword), 'new-secret');
    await user.type(screen.getByLabelText(RESET_TEXT.confirmPassword), 'new-secret');
    await user.click(screen.getByRole('button', { name: RESET_TEXT.save }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MSG.resetInvalid);
    expect(screen.getByRole('link', { name: RESET_TEXT.requestAnother })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
