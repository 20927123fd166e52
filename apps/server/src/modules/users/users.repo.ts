import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.js';
import { insertedRow } from '../../lib/db-errors.js';
import { sessions, users } from '../../db/schema/index.js';

/** A whole users row: only the owner's own answers (SelfUser) and auth ever load it. */
export type UserRow = typeof users.$inferSelect;

/** Columns a PublicUser/Author needs; never the hash. Repos select exactly these. */
export type PublicUserRow = Omit<
  UserRow,
  | 'passwordHash'
  | 'passwordChangedAt'
  | 'totpSecret'
  | 'totpPendingSecret'
  | 'totpLastStep'
  | 'suspendedAt'
  | 'suspendedUntil'
  | 'suspensionReason'
  | 'email'
  | 'phoneNumber'
  | 'preferences'
  | 'permissions'
  | 'isAdmin'
  | 'isModerator'
  | 'domain'
  | 'federationSilenced'
  | 'federationSuspended'
> &
  Partial<
    Pick<
      UserRow,
      'email' | 'phoneNumber' | 'preferences' | 'permissions' | 'isAdmin' | 'isModerator' | 'domain'
    >
  >;

export type AuthorRow = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'displayName'
  | 'firstName'
  | 'lastName'
  | 'avatarUrl'
  | 'avatarFilename'
  | 'avatarUploadedAt'
  | 'isVerified'
  | 'followersCount'
>;

/** What a token's check reads of its member (auth.service authenticateToken): roles, suspension. */
const tokenMemberColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  isAdmin: users.isAdmin,
  isModerator: users.isModerator,
  permissions: users.permissions,
  suspendedAt: users.suspendedAt,
  suspendedUntil: users.suspendedUntil,
};

export type TokenMemberRow = Pick<UserRow, keyof typeof tokenMemberColumns> & {
  /** When the token's session was last seen; null when the session has ended (no such row). */
  sessionSeenAt: Date | null;
};

/** The statement's name on each pooled connection (one text, so one name). */
export const TOKEN_MEMBER_STATEMENT = 'glimpse_token_session';

function prepareTokenMember(db: Db) {
  return db
    .select({ ...tokenMemberColumns, sessionSeenAt: sessions.lastSeenAt })
    .from(users)
    .leftJoin(sessions, and(eq(sessions.id, sql.placeholder('sid')), eq(sessions.userId, users.id)))
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare(TOKEN_MEMBER_STATEMENT);
}

const tokenMemberStatements = new WeakMap<Db, ReturnType<typeof prepareTokenMember>>();

/**
 * The member behind a token and the token's session, on every authenticated request and socket
 * sign-in: one named prepared statement (both primary keys), so its SQL is built once per process
 * and parsed and planned once per connection.
 */
export async function findTokenMember(
  db: Db,
  id: string,
  sessionId: string,
): Promise<TokenMemberRow | undefined> {
  let statement = tokenMemberStatements.get(db);
  if (!statement) {
    statement = prepareTokenMember(db);
    tokenMemberStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id, sid: sessionId });
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Login accepts an email or a username, both case-insensitively (both have lower() unique indexes). */
export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
  const value = login.toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = ${value}`, sql`lower(${users.username}) = ${value}`))
    .limit(1);
  return row;
}

export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    // Accounts of other servers (FEDERATION) have no mailbox here.
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.domain)))
    .limit(1);
  return row;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  return insertedRow(await db.insert(users).values(values).returning());
}

/** Exactly the columns a PublicUser needs: lists of other people never load hashes or emails. */
/** Columns of a member shown beside content (post author, comment user, chat participant). */
export const authorColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarUrl: users.avatarUrl,
  avatarFilename: users.avatarFilename,
  avatarUploadedAt: users.avatarUploadedAt,
  isVerified: users.isVerified,
  followersCount: users.followersCount,
};

export const publicUserColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  firstName: users.firstName,
  lastName: users.lastName,
  bio: users.bio,
  location: users.location,
  website: users.website,
  avatarUrl: users.avatarUrl,
  avatarFilename: users.avatarFilename,
  avatarUploadedAt: users.avatarUploadedAt,
  socialLinks: users.socialLinks,
  isVerified: users.isVerified,
  isOnline: users.isOnline,
  lastActiveAt: users.lastActiveAt,
  postsCount: users.postsCount,
  followersCount: users.followersCount,
  followingCount: users.followingCount,
  isPrivate: users.isPrivate,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export async function userExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return row !== undefined;
}

/** Writes the given columns (and updated_at); answers the whole row for the owner's SelfUser. */
export async function updateUser(
  db: DbOrTx,
  id: string,
  values: Partial<Omit<typeof users.$inferInsert, 'id' | 'createdAt'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/**
 * Points the member's avatar at a new file and answers the row with the URL it replaced, read
 * under the row's lock: of two uploads at once, each learns the file the other one replaced.
 */
export async function replaceAvatar(
  db: DbOrTx,
  id: string,
  values: { avatarUrl: string; avatarFilename: string; avatarUploadedAt: Date },
): Promise<{ row: UserRow; previousUrl: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ avatarUrl: users.avatarUrl })
      .from(users)
      .where(eq(users.id, id))
      .for('update');
    if (!before) return undefined;
    const row = await updateUser(tx, id, values);
    return row && { row, previousUrl: before.avatarUrl };
  });
}

/**
 * True for a member who is not under a suspension now, and not an account of a server an admin
 * suspended (`federation_suspended`). The suspended are few: PostgreSQL reads them once per
 * statement (a hashed subplan over users_suspended_idx), not once per row. The alias keeps an
 * unqualified outer column (Drizzle prints single-table columns bare) outside.
 */
export function notSuspended(member: SQL | AnyPgColumn): SQL {
  return sql`${member} not in (select s.id from ${users} s where (s.suspended_at is not null and (s.suspended_until is null or s.suspended_until > now())) or s.federation_suspended)`;
}

/**
 * True for a member whose posts are not for followers only: neither a private account nor an
 * account of a server an admin silenced (`federation_silenced`). Like notSuspended: those accounts
 * are read once per statement (a hashed subplan over users_followers_only_idx), not once per row.
 */
export function notPrivateAccount(member: SQL | AnyPgColumn): SQL {
  return sql`${member} not in (select p.id from ${users} p where p.is_private or p.federation_silenced)`;
}
