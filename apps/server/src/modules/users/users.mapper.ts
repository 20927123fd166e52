import type { Author, Permission, ProfilePicture, PublicUser, SelfUser } from '@glimpse/shared';
import type { PublicUrls } from '../../lib/public-urls.js';
import type { AuthorRow, PublicUserRow, UserRow } from './users.repo.js';

/** The stored avatar path becomes an absolute URL here, at the edge: the database keeps it relative. */
export function toProfilePicture(
  row: Pick<UserRow, 'avatarUrl' | 'avatarFilename' | 'avatarUploadedAt'>,
  urls: PublicUrls,
): ProfilePicture | null {
  if (!row.avatarUrl) return null;
  return {
    url: urls.media(row.avatarUrl),
    filename: row.avatarFilename ?? '',
    uploadedAt: (row.avatarUploadedAt ?? new Date(0)).toISOString(),
  };
}

/** The display name shown everywhere: the chosen one, else first + last, else the username. */
export function displayNameOf(
  row: Pick<UserRow, 'displayName' | 'firstName' | 'lastName' | 'username'>,
): string {
  return row.displayName || [row.firstName, row.lastName].filter(Boolean).join(' ') || row.username;
}

export function toPublicUser(
  row: PublicUserRow,
  urls: PublicUrls,
  opts: { isFollowedByUser?: boolean; isBlockedByUser?: boolean; isFollowRequested?: boolean } = {},
): PublicUser {
  const user: PublicUser = {
    id: row.id,
    _id: row.id,
    username: row.username,
    profile: {
      displayName: displayNameOf(row),
      firstName: row.firstName,
      lastName: row.lastName,
      bio: row.bio,
      location: row.location,
      website: row.website,
      profilePicture: toProfilePicture(row, urls),
      socialLinks: row.socialLinks,
    },
    account: { isVerified: row.isVerified },
    stats: {
      postsCount: row.postsCount,
      followersCount: row.followersCount,
      followingCount: row.followingCount,
    },
    followersCount: row.followersCount,
    activity: { isOnline: row.isOnline, lastActiveAt: row.lastActiveAt?.toISOString() ?? null },
    isPrivate: row.isPrivate,
    createdAt: row.createdAt.toISOString(),
  };
  if (opts.isFollowedByUser !== undefined) user.isFollowedByUser = opts.isFollowedByUser;
  if (opts.isBlockedByUser) user.isBlockedByUser = true;
  if (opts.isFollowRequested) user.isFollowRequested = true;
  return user;
}

/** Only for the user themself: adds email, phone, preferences and moderation data. */
export function toSelfUser(row: UserRow, urls: PublicUrls): SelfUser {
  const pub = toPublicUser(row, urls);
  return {
    ...pub,
    email: row.email,
    profile: { ...pub.profile, phoneNumber: row.phoneNumber },
    preferences: row.preferences,
    moderation: {
      permissions: row.permissions as Permission[],
      isAdmin: row.isAdmin,
      isModerator: row.isModerator,
    },
    security: { twoFactorEnabled: row.totpSecret !== null },
  };
}

/** `{ displayName, profilePicture }` of a member shown beside content. */
export function toShortProfile(row: AuthorRow, urls: PublicUrls): Author['profile'] {
  return { displayName: displayNameOf(row), profilePicture: toProfilePicture(row, urls) };
}

export function toAuthor(row: AuthorRow, urls: PublicUrls, opts: { isFollowedByUser: boolean }): Author {
  return {
    id: row.id,
    _id: row.id,
    username: row.username,
    profile: toShortProfile(row, urls),
    account: { isVerified: row.isVerified },
    followersCount: row.followersCount,
    isFollowedByUser: opts.isFollowedByUser,
  };
}
