import type { SelfUser } from '@glimpse/shared';

/**
 * SPEC §6 "Own-profile detection": no username in the route, or one equal to the signed-in
 * user's (usernames are unique case-insensitively, so /profile/ALICE is Alice's own page).
 * Signed out, no page is one's own.
 */
export function isOwnProfile(
  routeUsername: string | undefined,
  user: Pick<SelfUser, 'username'> | null,
): boolean {
  if (!user) return false;
  if (!routeUsername) return true;
  return routeUsername.toLowerCase() === user.username.toLowerCase();
}

/** "https://www.example.com/me/" → "example.com/me": the link text, not the address. */
export function displayWebsite(url: string): string {
  return url
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/+$/, '');
}

/** Stored websites should carry a scheme; an old bare "example.com" still gets a working link. */
export function websiteHref(url: string): string {
  const trimmed = url.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}
