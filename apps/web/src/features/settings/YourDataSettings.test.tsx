import { USER_MSG } from '@glimpse/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { YOUR_DATA_TEXT } from '../../lib/text';
import { jsonResponse, makeSelfUser, makeToken, renderApp, stubFetch } from '../../test/render';
import { routeFetch } from '../profile/test-fixtures';

const ALICE = makeSelfUser();
type Routes = Parameters<typeof routeFetch>[0];

afterEach(() => vi.restoreAllMocks());

async function openAccount(routes: Routes) {
  window.localStorage.setItem('token', makeToken({ userId: ALICE.id, username: ALICE.username }));
  const bodies: unknown[] = [];
  const handle = routeFetch({ 'GET /api/auth/me': () => jsonResponse(ALICE), ...routes });
  stubFetch((url, init) => {
    if (typeof init?.body === 'string') bodies.push(JSON.parse(init.body));
    return handle(url, init);
  });
  const view = renderApp('/settings?section=account');
  await screen.findByRole('heading', { name: YOUR_DATA_TEXT.deleteHeading }, { timeout: 5000 });
  return { ...view, bodies };
}

/** A zip-like answer streamed in two chunks, as the server streams the archive. */
function streamedZip(): Response {
  const chunks = [new Uint8Array(2048).fill(1), new Uint8Array(1024).fill(2)];
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': 'attachment; filename="glimpse-alice-2026-11-23.zip"',
    },
  });
}

describe('Settings → Account → Your data', () => {
  it('downloads the export as the file the server names, and says when it is done', async () => {
    const saved: Array<{ name: string; size: number }> = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', size: (blob as Blob).size });
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    const { user } = await openAccount({ 'GET /api/users/me/export': () => streamedZip() });
    await user.click(screen.getByRole('button', { name: YOUR_DATA_TEXT.exportButton }));
    expect(await screen.findByText(YOUR_DATA_TEXT.exportDone)).toBeInTheDocument();
    expect(saved).toEqual([{ name: 'glimpse-alice-2026-11-23.zip', size: 3072 }]);
  });

  it('shows the failure when the export is refused', async () => {
    const { user } = await openAccount({
      'GET /api/users/me/export': () =>
        jsonResponse({ message: 'Too many requests', code: 'RATE_LIMITED' }, 429),
    });
    await user.click(screen.getByRole('button', { name: YOUR_DATA_TEXT.exportButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
  });

  it('names what will be lost, needs the password, shows a wrong one, and signs out after deleting', async () => {
    let attempts = 0;
    const { user, router, bodies } = await openAccount({
      'DELETE /api/users/me': () =>
        ++attempts === 1
          ? jsonResponse({ message: USER_MSG.passwordIncorrect, code: 'VALIDATION' }, 400)
          : jsonResponse({ message: USER_MSG.accountDeleted }),
    });
    await user.click(screen.getByRole('button', { name: YOUR_DATA_TEXT.deleteButton }));
    const dialog = await screen.findByRole('dialog', { name: YOUR_DATA_TEXT.deleteDialogTitle });
    for (const loss of YOUR_DATA_TEXT.deleteLosses)
      expect(within(dialog).getByText(loss)).toBeInTheDocument();

    const confirm = within(dialog).getByRole('button', { name: YOUR_DATA_TEXT.deleteConfirm });
    await user.click(confirm);
    expect(within(dialog).getByText(USER_MSG.passwordRequired)).toBeInTheDocument();
    expect(attempts).toBe(0);

    const field = within(dialog).getByLabelText(YOUR_DATA_TEXT.deletePasswordLabel);
    await user.type(field, 'wrong');
    await user.click(confirm);
    expect(await within(dialog).findByText(USER_MSG.passwordIncorrect)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, 'secret123');
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(bodies).toEqual([{ password: 'wrong' }, { password: 'secret123' }]);
  });
});
