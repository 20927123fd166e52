import {
  MSG,
  USER_MSG,
  type ListUsersQuery,
  type PublicUser,
  type SelfUser,
  type UpdateProfileBody,
  type UpdateProfileResponse,
} from '@glimpse/shared';
import type { AppContext } from '../../context.js';
import { uniqueViolation } from '../../lib/db-errors.js';
import { AppError } from '../../lib/errors.js';
import { reissueToken } from '../auth/sessions.js';
import { can, type Viewer } from '../../lib/permissions.js';
import { blockDirections } from './blocks.repo.js';
import { isSuspendedNow } from './suspension.js';
import type { PublicUrls } from '../../lib/public-urls.js';
import { countVisiblePostsBy, withVisiblePostsCounts } from '../posts/posts.visibility.js';
import { announceNotifications } from '../notifications/notifications.service.js';
import { acceptWaitingRequests, sendRemoteAccepts } from './follow-requests.service.js';
import {
  hasFollowRequest,
  isFollowing,
  listFollowedPeople,
  listOtherPeople,
  lockPrivacyOf,
} from './follows.repo.js';
import { toPublicUser, toSelfUser } from './users.mapper.js';
import { findRemoteActor } from '../federation/federation.repo.js';
import { findUserById, findUserByEmail, findUserByUsername, updateUser, type UserRow } from './users.repo.js';

/** No stored username is this long; longer input is answered without touching the database. */
const USERNAME_LOOKUP_MAX_LENGTH = 100;

/**
 * A profile by username, case-insensitively. Oneself gets SelfUser; anyone else a PublicUser
 * (with isFollowedByUser when signed in).
 *
 * Username changes: a profile is addressed by its current username only. After a rename the old
 * /profile/{old} link answers 404 "User not found" (no redirect, no history of old names), and the
 * old name is free for someone else to take. Links that must survive a rename use the user id.
 */
export async function getProfile(
  ctx: AppContext,
  viewer: Viewer | null,
  username: string,
  urls: PublicUrls,
): Promise<PublicUser | SelfUser> {
  const row =
    username.length <= USERNAME_LOOKUP_MAX_LENGTH ? await findUserByUsername(ctx.db, username) : undefined;
  if (!row) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
  if (viewer?.id === row.id) return toSelfUser(row, urls);
  // A suspended member's profile is hidden from everyone but moderators.
  if (isSuspendedNow(row) && !can(viewer, 'moderate_content')) {
    throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
  }
  // Another viewer's count is of the posts they may see (privacy, removals), not the stored total.
  const [postsCount, remoteProfileUrl] = await Promise.all([
    countVisiblePostsBy(ctx.db, row.id, viewer),
    row.domain === null ? undefined : remotePageOf(ctx, row.id),
  ]);
  const shown = { ...row, postsCount };
  const remote = remoteProfileUrl ? { remoteProfileUrl } : {};
  if (!viewer) return { ...toPublicUser(shown, urls), ...remote };
  // Across a block the blocked member gets 404; the blocker still reaches the profile (marked),
  // which is where they unblock. Neither sees the other's posts (the visibility rule).
  // A follow of another server's account is a request until that server accepts it.
  const [directions, isFollowedByUser, isFollowRequested] = await Promise.all([
    blockDirections(ctx.db, viewer.id, row.id),
    isFollowing(ctx.db, viewer.id, row.id),
    row.isPrivate || row.domain !== null ? hasFollowRequest(ctx.db, viewer.id, row.id) : false,
  ]);
  if (directions.blockedViewer) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
  return {
    ...toPublicUser(shown, urls, {
      isFollowedByUser,
      isBlockedByUser: directions.viewerBlocked,
      isFollowRequested,
    }),
    ...remote,
  };
}

/**
 * An account of another server: its own page there (the actor's `url`, else its id), only when
 * it is an http(s) URL (the web app links to it).
 */
async function remotePageOf(ctx: AppContext, userId: string): Promise<string | undefined> {
  const actor = await findRemoteActor(ctx.db, userId);
  for (const candidate of [actor?.profileUrl, actor?.uri]) {
    if (!candidate || !URL.canParse(candidate)) continue;
    const url = new URL(candidate);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  }
  return undefined;
}

/**
 * Other members for pickers (new chat, people search): those the viewer follows first, then
 * everyone else; most followed first within each group, name-prefix matches first when searching.
 * Never the viewer.
 */
export async function listPeople(
  ctx: AppContext,
  viewer: Viewer,
  query: ListUsersQuery,
  urls: PublicUrls,
): Promise<PublicUser[]> {
  const q = { viewerId: viewer.id, search: query.search || undefined, limit: query.limit };
  const followed = await listFollowedPeople(ctx.db, q);
  const others =
    followed.length < q.limit
      ? await listOtherPeople(ctx.db, { ...q, limit: q.limit - followed.length })
      : [];
  // Each count is of the posts this viewer may see, as on the profile itself.
  const shown = await withVisiblePostsCounts(ctx.db, [...followed, ...others], viewer);
  return shown.map((row, i) => toPublicUser(row, urls, { isFollowedByUser: i < followed.length }));
}

const sameText = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function conflictFor(constraint: string): AppError {
  return new AppError('CONFLICT', constraint.includes('email') ? MSG.emailInUse : MSG.usernameIsTaken);
}

/** Settings "Account": only the fields present in the body change. */
export async function updateProfile(
  ctx: AppContext,
  viewer: Viewer,
  body: UpdateProfileBody,
  urls: PublicUrls,
): Promise<UpdateProfileResponse> {
  const current = await findUserById(ctx.db, viewer.id);
  if (!current) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);

  const changes: Partial<UserRow> = {};
  if (body.username !== undefined && body.username !== current.username) {
    // A case-only change of one's own name is allowed; any other holder of the name is a conflict.
    if (!sameText(body.username, current.username) && (await findUserByUsername(ctx.db, body.username))) {
      throw conflictFor('username');
    }
    changes.username = body.username;
  }
  if (body.email !== undefined && body.email !== current.email) {
    if (!sameText(body.email, current.email) && (await findUserByEmail(ctx.db, body.email)))
      throw conflictFor('email');
    changes.email = body.email;
  }
  const { profilePicture, ...profile } = body.profile ?? {};
  for (const [key, value] of Object.entries(profile) as [keyof typeof profile, string | undefined][]) {
    if (value !== undefined && value !== current[key]) changes[key] = value;
  }
  if (profilePicture === null && current.avatarUrl !== null) {
    Object.assign(changes, { avatarUrl: null, avatarFilename: null, avatarUploadedAt: null });
  }
  if (body.isPrivate !== undefined && body.isPrivate !== current.isPrivate)
    changes.isPrivate = body.isPrivate;

  const row = Object.keys(changes).length === 0 ? current : await writeProfile(ctx, viewer.id, changes, urls);
  const result: UpdateProfileResponse = { message: USER_MSG.profileUpdated, user: toSelfUser(row, urls) };
  // A fresh token when username or email changed: the JWT payload carries both and clients read it.
  if (changes.username !== undefined || changes.email !== undefined)
    result.token = await reissueToken(ctx, row, viewer.sessionId);
  return result;
}

/**
 * The lower() unique indexes decide when two members claim one name at the same moment. Going
 * public accepts every waiting follow request in the same transaction (under the account's
 * privacy lock, so no request slips in after it); going private hides the member's posts from
 * everyone but followers at once, signed-out feed pages kept by any node included.
 */
async function writeProfile(
  ctx: AppContext,
  id: string,
  changes: Partial<UserRow>,
  urls: PublicUrls,
): Promise<UserRow> {
  try {
    const { row, notified, remoteAccepts } = await ctx.db.transaction(async (tx) => {
      if (changes.isPrivate === false) await lockPrivacyOf(tx, id);
      const updated = await updateUser(tx, id, changes);
      if (!updated) throw new AppError('NOT_FOUND', USER_MSG.userNotFound);
      if (changes.isPrivate !== false) return { row: updated, notified: [], remoteAccepts: [] };
      const { changes: notified, remoteAccepts } = await acceptWaitingRequests(tx, id);
      // The accepted requests moved the followers count: answer the row as it is now.
      return { row: (await findUserById(tx, id)) ?? updated, notified, remoteAccepts };
    });
    if (changes.isPrivate === true) await ctx.events.feedPagesStale();
    await announceNotifications(ctx, notified, urls);
    await sendRemoteAccepts(ctx, id, remoteAccepts);
    return row;
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === null) throw err;
    throw conflictFor(constraint);
  }
}
