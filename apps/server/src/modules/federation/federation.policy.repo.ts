import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FederationDomainLevel } from '@glimpse/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  federationDomains,
  federationFollows,
  followRequests,
  follows,
  users,
} from '../../db/schema/index.js';

/**
 * Admins' policies for other servers (`federation_domains`) and what they change in other tables:
 * the `federation_silenced`/`federation_suspended` flags of those servers' accounts and, for a
 * suspension, the follows with them.
 */

export type DomainPolicyRow = typeof federationDomains.$inferSelect;

export async function listDomainPolicies(db: DbOrTx): Promise<DomainPolicyRow[]> {
  return db.select().from(federationDomains).orderBy(asc(federationDomains.domain));
}

export async function findDomainPolicy(db: DbOrTx, domain: string): Promise<DomainPolicyRow | undefined> {
  const [row] = await db
    .select()
    .from(federationDomains)
    .where(eq(federationDomains.domain, domain))
    .limit(1);
  return row;
}

/** Sets a domain's policy; answers the row and the level it had before (null: none). */
export async function upsertDomainPolicy(
  tx: DbOrTx,
  domain: string,
  level: FederationDomainLevel,
  by: string,
  at: Date,
): Promise<{ row: DomainPolicyRow; before: FederationDomainLevel | null }> {
  const [old] = await tx
    .select({ level: federationDomains.level })
    .from(federationDomains)
    .where(eq(federationDomains.domain, domain))
    .for('update')
    .limit(1);
  const [row] = await tx
    .insert(federationDomains)
    .values({ domain, level, createdBy: by, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: federationDomains.domain, set: { level, updatedAt: at } })
    .returning();
  return { row: row!, before: (old?.level as FederationDomainLevel | undefined) ?? null };
}

export async function deleteDomainPolicy(tx: DbOrTx, domain: string): Promise<DomainPolicyRow | undefined> {
  const [row] = await tx.delete(federationDomains).where(eq(federationDomains.domain, domain)).returning();
  return row;
}

/**
 * The policies that may cover an account's server `host` (host[:port]): the host itself, its name
 * without the port, and every parent domain of that name (a policy without a port covers every
 * port and subdomain). Answered as primary-key lookups.
 */
export function policyCandidates(host: string): string[] {
  const lower = host.toLowerCase();
  const name = lower.replace(/:\d+$/, '');
  const labels = name.split('.');
  const parents = labels.slice(1).map((_, i) => labels.slice(i + 1).join('.'));
  return [...new Set([lower, name, ...parents.filter((p) => p.includes('.'))])];
}

/** The level that applies to an account of `host`: suspend over silence, null when none. */
export async function effectiveLevel(db: DbOrTx, host: string): Promise<FederationDomainLevel | null> {
  const rows = await db
    .select({ level: federationDomains.level })
    .from(federationDomains)
    .where(inArray(federationDomains.domain, policyCandidates(host)));
  if (rows.some((r) => r.level === 'suspend')) return 'suspend';
  return rows.length > 0 ? 'silence' : null;
}

/** SQL: the account domain `account` (host[:port]) is covered by the policy domain `policy`. */
function covers(policy: SQL, account: SQL): SQL {
  const name = sql`regexp_replace(${account}, ':[0-9]+$', '')`;
  return sql`(${account} = ${policy} or (strpos(${policy}, ':') = 0 and (${name} = ${policy} or ${name} like '%.' || ${policy})))`;
}

/** SQL: the users row is an account of a server `domain` covers. */
const accountOf = (domain: string) =>
  sql`${users.domain} is not null and ${covers(sql`${domain}`, sql`${users.domain}`)}`;

/**
 * Sets the flags of every account `domain` covers from the policies that now apply to it (another
 * policy, of a parent domain say, may still hold after this one changed).
 */
export async function syncAccountFlags(tx: DbOrTx, domain: string): Promise<void> {
  const level = sql`(select fd.level from ${federationDomains} fd
    where ${covers(sql`fd.domain`, sql`${users.domain}`)} order by fd.level = 'suspend' desc limit 1)`;
  await tx
    .update(users)
    .set({
      federationSuspended: sql`coalesce(${level} = 'suspend', false)`,
      federationSilenced: sql`coalesce(${level} = 'silence', false)`,
    })
    .where(accountOf(domain));
}

/**
 * Drops every follow and follow request between members here and accounts `domain` covers, both
 * ways, with the follow counters of both sides; answers how many follows went.
 */
export async function dropFollowsWithDomain(tx: DbOrTx, domain: string): Promise<number> {
  const theirs = tx.select({ id: users.id }).from(users).where(accountOf(domain));
  const gone = await tx
    .delete(follows)
    .where(sql`${follows.followerId} in ${theirs} or ${follows.followeeId} in ${theirs}`)
    .returning({ followerId: follows.followerId, followeeId: follows.followeeId });
  await tx
    .delete(followRequests)
    .where(sql`${followRequests.requesterId} in ${theirs} or ${followRequests.targetId} in ${theirs}`);
  await tx
    .delete(federationFollows)
    .where(sql`${federationFollows.followerId} in ${theirs} or ${federationFollows.followeeId} in ${theirs}`);
  if (gone.length === 0) return 0;
  const shift = new Map<string, { followers: number; following: number }>();
  const at = (id: string) => {
    let s = shift.get(id);
    if (!s) shift.set(id, (s = { followers: 0, following: 0 }));
    return s;
  };
  for (const f of gone) {
    at(f.followeeId).followers += 1;
    at(f.followerId).following += 1;
  }
  const ids = [...shift.keys()];
  await tx.execute(sql`update ${users} u
    set followers_count = greatest(u.followers_count - d.followers, 0),
        following_count = greatest(u.following_count - d.following, 0)
    from unnest(${sql.param(ids)}::varchar[], ${sql.param(ids.map((id) => shift.get(id)!.followers))}::int[],
                ${sql.param(ids.map((id) => shift.get(id)!.following))}::int[]) as d(id, followers, following)
    where u.id = d.id`);
  return gone.length;
}
