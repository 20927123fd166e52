import { FEDERATION_MSG, MOD_MSG, type QueuedReport } from '@glimpse/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MODERATION_TEXT } from '../../lib/text';
import { jsonResponse, makeSelfUser, makeToken, renderApp, stubFetch } from '../../test/render';
import { makePublicUser, routeFetch } from '../profile/test-fixtures';

const MODERATOR = makeSelfUser({ moderation: { isAdmin: false, isModerator: true, permissions: [] } });
const MEMBER = makeSelfUser();
const BOB = makePublicUser();
const COUNTS = () => jsonResponse({ notifications: 0, messages: 0 });

function signIn(user: typeof MEMBER) {
  window.localStorage.setItem('token', makeToken({ userId: user.id, username: user.username }));
}

const REPORT: QueuedReport = {
  id: 'c'.repeat(24),
  _id: 'c'.repeat(24),
  targetType: 'user',
  targetId: BOB.id,
  reason: 'harassment',
  details: 'Keeps sending threats',
  status: 'open',
  resolution: null,
  resolutionNote: null,
  resolvedAt: null,
  createdAt: new Date().toISOString(),
  reporter: { id: 'd'.repeat(24), _id: 'd'.repeat(24), username: 'dana' },
  resolvedBy: null,
  targetUser: {
    id: BOB.id,
    _id: BOB.id,
    username: BOB.username,
    displayName: 'Bob',
    roles: { isAdmin: false, isModerator: false, permissions: [] },
    suspension: null,
  },
  target: { post: null, comment: null, user: BOB, removed: false },
};

describe('/moderation', () => {
  it('tells a member without view_reports that the page is not for them, without asking the server', async () => {
    signIn(MEMBER);
    const fetchMock = stubFetch(
      routeFetch({
        'GET /api/auth/me': () => jsonResponse(MEMBER),
        'GET /api/notifications/unread-counts': COUNTS,
      }),
    );
    renderApp('/moderation');
    expect(await screen.findByText(MODERATION_TEXT.noAccess, {}, { timeout: 5000 })).toBeInTheDocument();
    const calls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(calls.some((url) => url.includes('/moderation/reports'))).toBe(false);
  });

  it('shows a moderator the queue with the target and suspends from a report with a note', async () => {
    signIn(MODERATOR);
    const resolved: unknown[] = [];
    let open = [REPORT];
    stubFetch(
      routeFetch({
        'GET /api/auth/me': () => jsonResponse(MODERATOR),
        'GET /api/notifications/unread-counts': COUNTS,
        'GET /api/moderation/reports': () => jsonResponse({ reports: open, pagination: {} }),
        [`POST /api/moderation/reports/${REPORT.id}/resolve`]: ({ body }) => {
          resolved.push(body);
          open = [];
          return jsonResponse({ message: MOD_MSG.reportResolved, report: { ...REPORT, status: 'resolved' } });
        },
      }),
    );
    const { user } = renderApp('/moderation');
    const card = await screen.findByRole('listitem', { name: /Harassment or bullying/ }, { timeout: 5000 });
    expect(within(card).getByText(MODERATION_TEXT.reportedBy('dana'))).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: `@${BOB.username}` })).toBeInTheDocument();
    // A member report cannot be "removed", only dismissed or suspended.
    expect(within(card).queryByRole('button', { name: MODERATION_TEXT.remove })).not.toBeInTheDocument();
    await user.type(within(card).getByLabelText(MODERATION_TEXT.noteLabel), 'Threats');
    await user.click(within(card).getByRole('button', { name: MODERATION_TEXT.suspend }));
    await waitFor(() => expect(resolved).toEqual([{ action: 'suspend', note: 'Threats' }]));
    expect(await screen.findByText(MODERATION_TEXT.queueEmpty.open)).toBeInTheDocument();
    // Only admins see roles and the audit log.
    expect(screen.queryByRole('heading', { name: MODERATION_TEXT.auditTitle })).not.toBeInTheDocument();
  });
});

describe('The report queue, page after page', () => {
  it('asks for the next page by cursor and shows it under the first', async () => {
    signIn(MODERATOR);
    const second: QueuedReport = { ...REPORT, id: 'e'.repeat(24), _id: 'e'.repeat(24), reason: 'spam' };
    const asked: string[] = [];
    stubFetch(
      routeFetch({
        'GET /api/auth/me': () => jsonResponse(MODERATOR),
        'GET /api/notifications/unread-counts': COUNTS,
        'GET /api/moderation/reports': ({ url }) => {
          asked.push(url.search);
          return url.searchParams.get('cursor') === 'after-first'
            ? jsonResponse({ reports: [second], pagination: { hasNextPage: false, nextCursor: null } })
            : jsonResponse({
                reports: [REPORT],
                pagination: { hasNextPage: true, nextCursor: 'after-first' },
              });
        },
      }),
    );
    const { user } = renderApp('/moderation');
    await screen.findByRole('listitem', { name: /Harassment or bullying/ }, { timeout: 5000 });
    // jsdom has no IntersectionObserver: the list offers the button instead of loading on scroll.
    await user.click(screen.getByRole('button', { name: MODERATION_TEXT.loadMoreReports }));
    expect(await screen.findByRole('listitem', { name: /Spam/ })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem', { name: /: user$/ })).toHaveLength(2);
    expect(asked).toEqual(['?status=open&limit=20&page=1', '?status=open&limit=20&cursor=after-first']);
    expect(screen.queryByRole('button', { name: MODERATION_TEXT.loadMoreReports })).not.toBeInTheDocument();
  });
});

describe('Report and Block on a profile', () => {
  it('reports a member with a reason and shows the confirmation', async () => {
    signIn(MEMBER);
    const reports: unknown[] = [];
    stubFetch(
      routeFetch({
        'GET /api/auth/me': () => jsonResponse(MEMBER),
        'GET /api/notifications/unread-counts': COUNTS,
        'GET /api/users/profile/bob': () => jsonResponse(BOB),
        'GET /api/posts': () => jsonResponse({ posts: [], pagination: { hasNextPage: false } }),
        'POST /api/reports': ({ body }) => {
          reports.push(body);
          return jsonResponse({ message: MOD_MSG.reported, report: {} }, 201);
        },
      }),
    );
    const { user } = renderApp('/profile/bob');
    await user.click(
      await screen.findByRole('button', { name: MODERATION_TEXT.moreOptions }, { timeout: 5000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: MODERATION_TEXT.reportUser }));
    const dialog = await screen.findByRole('dialog', { name: MODERATION_TEXT.reportTitle.user });
    const send = within(dialog).getByRole('button', { name: MODERATION_TEXT.send });
    expect(send).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: MODERATION_TEXT.reasons.spam }));
    await user.click(send);
    expect(await screen.findByRole('dialog', { name: MODERATION_TEXT.reportSentTitle })).toHaveTextContent(
      MOD_MSG.reported,
    );
    expect(reports).toEqual([{ targetType: 'user', targetId: BOB.id, reason: 'spam' }]);
    // A member of this server: nothing to forward to.
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('Reporting an account of another server', () => {
  it('offers to forward the report to its server, and sends forward only when asked', async () => {
    signIn(MEMBER);
    const remote = makePublicUser({ username: 'zed@far.example' });
    const reports: unknown[] = [];
    stubFetch(
      routeFetch({
        'GET /api/auth/me': () => jsonResponse(MEMBER),
        'GET /api/notifications/unread-counts': COUNTS,
        [`GET /api/users/profile/${encodeURIComponent('zed@far.example')}`]: () => jsonResponse(remote),
        'GET /api/posts': () => jsonResponse({ posts: [], pagination: { hasNextPage: false } }),
        'POST /api/reports': ({ body }) => {
          reports.push(body);
          return jsonResponse({ message: MOD_MSG.reported, report: {} }, 201);
        },
      }),
    );
    const { user } = renderApp(`/profile/${encodeURIComponent('zed@far.example')}`);
    await user.click(
      await screen.findByRole('button', { name: MODERATION_TEXT.moreOptions }, { timeout: 5000 }),
    );
    await user.click(await screen.findByRole('menuitem', { name: MODERATION_TEXT.reportUser }));
    const dialog = await screen.findByRole('dialog', { name: MODERATION_TEXT.reportTitle.user });
    await user.click(within(dialog).getByRole('radio', { name: MODERATION_TEXT.reasons.spam }));
    const forward = within(dialog).getByRole('checkbox', {
      name: MODERATION_TEXT.forwardLabel('far.example'),
    });
    expect(forward).toHaveAccessibleDescription(MODERATION_TEXT.forwardHint);
    await user.click(forward);
    await user.click(within(dialog).getByRole('button', { name: MODERATION_TEXT.send }));
    await screen.findByRole('dialog', { name: MODERATION_TEXT.reportSentTitle });
    expect(reports).toEqual([{ targetType: 'user', targetId: remote.id, reason: 'spam', forward: true }]);
  });
});

describe('Federation policies (admins)', () => {
  const ADMIN = makeSelfUser({ moderation: { isAdmin: true, isModerator: false, permissions: [] } });
  const at = new Date().toISOString();

  it('lists the policies, adds one by keyboard, shows the server refusal, removes one', async () => {
    signIn(ADMIN);
    let domains = [{ domain: 'spam.example', level: 'suspend', createdAt: at, updatedAt: at }];
    const puts: unknown[] = [];
    const deletes: string[] = [];
    stubFetch(
      routeFetch({
        'GET /api/auth/me': () => jsonResponse(ADMIN),
        'GET /api/notifications/unread-counts': COUNTS,
        'GET /api/moderation/reports': () => jsonResponse({ reports: [], pagination: {} }),
        'GET /api/admin/audit': () => jsonResponse({ entries: [], pagination: {} }),
        'GET /api/admin/federation/domains': () => jsonResponse({ domains }),
        'PUT /api/admin/federation/domains/bad%20domain': () =>
          jsonResponse({ message: FEDERATION_MSG.domainInvalid, code: 'VALIDATION' }, 400),
        'PUT /api/admin/federation/domains/loud.example': ({ body }) => {
          puts.push(body);
          const row = { domain: 'loud.example', level: 'silence', createdAt: at, updatedAt: at };
          domains = [...domains, row];
          return jsonResponse({ message: FEDERATION_MSG.domainSaved, domain: row, droppedFollows: 0 });
        },
        'DELETE /api/admin/federation/domains/spam.example': () => {
          deletes.push('spam.example');
          const row = domains[0]!;
          domains = domains.slice(1);
          return jsonResponse({ message: FEDERATION_MSG.domainLifted, domain: row, droppedFollows: 0 });
        },
      }),
    );
    const { user } = renderApp('/moderation');
    const list = await screen.findByRole(
      'list',
      { name: MODERATION_TEXT.federationListLabel },
      { timeout: 5000 },
    );
    expect(within(list).getByText('spam.example')).toBeInTheDocument();

    const field = screen.getByLabelText(MODERATION_TEXT.federationDomain);
    await user.click(field);
    await user.keyboard('bad domain{Enter}');
    expect(await screen.findByText(FEDERATION_MSG.domainInvalid)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, 'loud.example');
    // The level is a radio group: arrow keys move the choice.
    await user.click(screen.getByRole('radio', { name: MODERATION_TEXT.federationLevels.suspend }));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: MODERATION_TEXT.federationLevels.silence })).toBeChecked();
    await user.click(screen.getByRole('button', { name: MODERATION_TEXT.federationAdd }));
    await waitFor(() => expect(puts).toEqual([{ level: 'silence' }]));
    expect(await within(list).findByText('loud.example')).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', { name: MODERATION_TEXT.federationRemoveLabel('spam.example') }),
    );
    await waitFor(() => expect(deletes).toEqual(['spam.example']));
    await waitFor(() => expect(within(list).queryByText('spam.example')).not.toBeInTheDocument());
  });

  it('says when there are none, and offers a retry when the list fails', async () => {
    signIn(ADMIN);
    let fail = true;
    stubFetch(
      routeFetch({
        'GET /api/auth/me': () => jsonResponse(ADMIN),
        'GET /api/notifications/unread-counts': COUNTS,
        'GET /api/moderation/reports': () => jsonResponse({ reports: [], pagination: {} }),
        'GET /api/admin/audit': () => jsonResponse({ entries: [], pagination: {} }),
        'GET /api/admin/federation/domains': () =>
          fail ? jsonResponse({ message: 'Down', code: 'INTERNAL' }, 500) : jsonResponse({ domains: [] }),
      }),
    );
    const { user } = renderApp('/moderation');
    expect(
      await screen.findByText(MODERATION_TEXT.federationLoadFailed, {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    fail = false;
    const section = screen.getByRole('region', { name: MODERATION_TEXT.federationTitle });
    await user.click(within(section).getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText(MODERATION_TEXT.federationEmpty)).toBeInTheDocument();
  });
});
