import { MODERATOR_PERMISSIONS, type Permission } from './constants.js';

export interface RoleHolder {
  isAdmin: boolean;
  isModerator: boolean;
  permissions: readonly string[];
}

/**
 * The one permission rule (SPEC §6), run by the server to decide and by the web app to choose
 * which controls to show: a visitor has nothing; an admin has everything; a moderator implicitly
 * has moderate_content and view_reports; anyone has what is named in their permissions list.
 */
export function can(user: RoleHolder | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  if (user.isAdmin) return true;
  if (user.isModerator && MODERATOR_PERMISSIONS.includes(permission)) return true;
  return user.permissions.includes(permission);
}
