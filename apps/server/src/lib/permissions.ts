import type { RoleHolder } from '@glimpse/shared';

/** The one permission check (SPEC §6) lives in shared, so the web app shows what the server allows. */
export { can, type RoleHolder } from '@glimpse/shared';

/** The signed-in member as services see it (from a verified token of an existing user). */
export interface Viewer extends RoleHolder {
  id: string;
  username: string;
  email: string;
  /** The session of the token (GET /api/auth/sessions marks it `current`). */
  sessionId: string;
}
