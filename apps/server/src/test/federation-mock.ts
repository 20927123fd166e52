import type { Federation } from '@fedify/fedify';
import { createFederation } from '@fedify/testing';
import { Person, type Activity } from '@fedify/vocab';
import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../context.js';
import { configureFederation } from '../modules/federation/federation.service.js';
import { createTestApp, type TestApp } from './harness.js';

/*
 * The inbox-handler suites' fixture: a real app and database whose federation is
 * @fedify/testing's mock (activities are handed to our listeners as a verified inbox would hand
 * them; what we send is recorded, not delivered).
 */

export type MockFederation = ReturnType<typeof createFederation<AppContext>>;

/** A federating test app at `origin` whose federation is the mock. */
export async function startMockFederation(
  origin: string,
): Promise<{ t: TestApp; data: AppContext; mock: MockFederation }> {
  const t = await createTestApp({ FEDERATION: 'true', PUBLIC_ORIGIN: origin });
  const data: AppContext = { ...t.app.ctx };
  const mock = createFederation<AppContext>({ contextData: data, origin });
  configureFederation(mock, t.config.federation!);
  data.federation = mock as unknown as Federation<AppContext>;
  return { t, data, mock };
}

/** The rows of a raw query on the app's database. */
export async function queryRows<T>(t: TestApp, query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The `users` id a remote actor was stored under, once an activity of it was handled. */
export async function remoteUserIdOf(t: TestApp, person: Person): Promise<string | undefined> {
  const [row] = await queryRows<{ user_id: string }>(
    t,
    sql`select user_id from remote_actors where uri = ${person.id!.href}`,
  );
  return row?.user_id;
}

/** What we sent of `type`, in order. */
export function sentOf<T extends Activity>(mock: MockFederation, type: new (...args: never[]) => T): T[] {
  return mock.sentActivities.map((s) => s.activity).filter((a): a is T => a instanceof type);
}

let persons = 0;

/** A Person of another server, embedded in what it sends (nothing is fetched): a new one each call. */
export function remotePerson(
  opts: { origin?: string; name?: string; summary?: string; private?: boolean } = {},
): Person {
  persons += 1;
  const handle = `${opts.name ?? 'rita'}${persons}`;
  const id = new URL(`/users/${handle}`, opts.origin ?? 'https://elsewhere.test');
  return new Person({
    id,
    preferredUsername: handle,
    name: `${handle} elsewhere`,
    ...(opts.summary !== undefined ? { summary: opts.summary } : {}),
    inbox: new URL(`${id.href}/inbox`),
    endpoints: null,
    manuallyApprovesFollowers: opts.private ?? false,
  });
}
