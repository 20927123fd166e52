import { MODERATOR_PERMISSIONS, type Permission } from '@glimpse/shared';

export interface RoleHolder {
  isAdmin: boolean;
  isModerator: boolean;
  permissions: readonly string[];
}

/**
 * The one permission check (SPEC §6): a visitor has nothing; an admin has everything; a
 * moderator implicitly has moderate_content and view_reports; anyone has what is named in
 * their permissions list.
 */
export function can(user: RoleHolder | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  if (user.isAdmin) return true;
  if (user.isModerator && MODERATOR_PERMISSIONS.includes(permission)) return true;
  return user.permissions.includes(permission);
}

/** The signed-in member as services see it (from a verified token of an existing user). */
export interface Viewer extends RoleHolder {
  id: string;
  username: string;
  email: string;
}
