import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostViaApi } from '../posts/posts.fixtures.js';
import {
  followOn,
  followersCountOn,
  followingFeedOn,
  makeTestCertificates,
  searchOn,
  startFederationPeer,
  statusOn,
  trustTestCa,
  until,
  uploadOn,
  type FederationPeer,
} from '../../test/federation-peers.js';
import {
  ACTIVITYPUB_BOT_VERSION,
  startActivityPubBot,
  type ActivityPubBotServer,
  type RecordedActivity,
} from '../../test/activitypub-bot.js';
import { seedUser } from '../../test/harness.js';

/**
 * Interop with an ActivityPub server we did not write: `@evanp/activitypub-bot` (installed at
 * test time, see test/activitypub-bot.ts), both sides over https with the throwaway CA. What the
 * bot received is read from its own state: the activities its inbox accepted (after checking our
 * signatures) and its followers/following collections.
 */
const PORT_GLIMPSE = Number(process.env.FEDERATION_INTEROP_PORT ?? 5711);
const PORT_BOT = Number(process.env.FEDERATION_INTEROP_BOT_PORT ?? 5712);
const PORT_BOT_HTTP = Number(process.env.FEDERATION_INTEROP_BOT_HTTP_PORT ?? 5713);
const BOT = 'watcher';

let glimpse: FederationPeer;
let bot: ActivityPubBotServer;

beforeAll(async () => {
  const certs = makeTestCertificates();
  trustTestCa(certs.ca);
  [glimpse, bot] = await Promise.all([
    startFederationPeer(PORT_GLIMPSE, certs),
    // The first run installs the bot with npm (about a minute); reruns reuse the install.
    startActivityPubBot({ port: PORT_BOT, httpPort: PORT_BOT_HTTP, certs, bots: [BOT] }),
  ]);
}, 300_000);
afterAll(async () => {
  await Promise.all([glimpse?.close(), bot?.close()]);
});

type Json = Record<string, unknown>;
const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const idOf = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : ((v as Json | undefined)?.id as string | undefined);
const typeOf = (a: RecordedActivity) => a.activity.type;

/** The activities of `type` the bot's inbox took in, whose object (embedded) matches `match`. */
function receivedOf(type: string, match: (object: Json) => boolean = () => true): Json[] {
  return bot
    .received()
    .filter((r) => typeOf(r) === type)
    .map((r) => r.activity)
    .filter((a) => typeof a.object === 'object' && match(a.object as Json));
}

const waitFor = <T>(what: string, check: () => Promise<T | undefined | false>) =>
  until(what, check).catch((err: Error) => {
    throw new Error(
      `${err.message}\n--- bot received:\n${JSON.stringify(bot.received(), null, 1).slice(-4000)}\n--- bot log:\n${bot.logTail()}`,
    );
  });

describe(`interop with @evanp/activitypub-bot ${ACTIVITYPUB_BOT_VERSION}`, () => {
  it('the bot finds a member by WebFinger and follows; the Accept reaches it; it gets her public and followers posts (images, alt text), never her private one, and the Delete', async () => {
    const alice = await seedUser(glimpse.t, { username: 'alice' });
    const aliceActor = `${glimpse.origin}/ap/users/${alice.id}`;

    // WebFinger on our side, then the actor, then a signed Follow to alice's inbox.
    expect(await bot.follow(BOT, `alice@${glimpse.host}`)).toBe(aliceActor);
    await waitFor(
      'Glimpse to count the bot as a follower',
      async () => (await followersCountOn(glimpse, 'alice')) === 1,
    );
    // The Accept arrives back: the bot's inbox took it in and it now counts alice as followed.
    await waitFor('the Accept at the bot', async () => (await bot.state(BOT)).following.includes(aliceActor));
    const accept = bot.received().find((r) => typeOf(r) === 'Accept')!.activity;
    expect(idOf(accept.actor)).toBe(aliceActor);
    // ... and names the bot's own Follow.
    expect(idOf(accept.object)).toMatch(new RegExp(`^${bot.actorUrl(BOT)}/follow/`));

    const first = await uploadOn(glimpse, alice, 'A red square at dusk', { width: 640, height: 480 });
    const second = await uploadOn(glimpse, alice, 'The same square, taller', { width: 480, height: 720 });
    const harbour = await createPostViaApi(glimpse.t, alice, {
      title: 'Harbour at dusk',
      content: 'Boats in the harbour #sea',
      privacy: 'public',
      media: {
        images: [
          { url: first.url, altText: 'A red square at dusk', caption: '' },
          { url: second.url, altText: 'The same square, taller', caption: '' },
        ],
      },
    });
    await createPostViaApi(glimpse.t, alice, {
      title: 'For followers',
      content: 'Only my followers see this',
      privacy: 'followers',
    });
    await createPostViaApi(glimpse.t, alice, {
      title: 'Just me',
      content: 'Nobody else sees this private note',
      privacy: 'private',
    });
    const contentOf = (o: Json) => String(o.content ?? '');

    const created = await waitFor(
      'the public post at the bot',
      async () => receivedOf('Create', (o) => contentOf(o).includes('Boats in the harbour'))[0],
    );
    const note = created.object as Json;
    expect(note.type).toBe('Note');
    expect(idOf(created.actor)).toBe(aliceActor);
    expect(asArray(created.to as string[]).map(idOf)).toContain('as:Public');
    const attachments = asArray(note.attachment as Json[]);
    expect(attachments).toHaveLength(2);
    const alts = ['A red square at dusk', 'The same square, taller'];
    const sizes = [
      [640, 480],
      [480, 720],
    ];
    attachments.forEach((att, i) => {
      expect(att.type).toBe('Image');
      expect(att.name).toBe(alts[i]);
      expect(String(att.mediaType)).toMatch(/^image\//);
      const url = typeof att.url === 'string' ? att.url : (idOf(att.url) ?? String((att.url as Json).href));
      expect(url.startsWith(`${glimpse.origin}/`)).toBe(true);
      expect([Number(att.width), Number(att.height)]).toEqual(sizes[i]);
    });

    const followersOnly = await waitFor(
      'the followers-only post at the bot',
      async () => receivedOf('Create', (o) => contentOf(o).includes('Only my followers see this'))[0],
    );
    const audience = [...asArray(followersOnly.to as string[]), ...asArray(followersOnly.cc as string[])].map(
      idOf,
    );
    expect(audience).not.toContain('as:Public');
    expect(audience).toContain(`${aliceActor}/followers`);

    const del = await glimpse.t.app.inject({
      method: 'DELETE',
      url: `/api/posts/${harbour.id}`,
      headers: alice.auth,
    });
    expect(del.statusCode, del.body).toBe(200);
    const deletion = await waitFor('the Delete at the bot', async () =>
      bot.received().find((r) => typeOf(r) === 'Delete' && idOf(r.activity.object) === idOf(note)),
    );
    expect(idOf(deletion.activity.actor)).toBe(aliceActor);
    // The private post was made before the Delete was sent: had it left, it would be here by now.
    expect(JSON.stringify(bot.received())).not.toContain('Nobody else sees this');
  }, 120_000);

  it('a member finds the bot by @name@host, follows it (the Accept arrives), and its Note reaches her Following feed', async () => {
    const carol = await seedUser(glimpse.t, { username: 'carol' });
    const carolActor = `${glimpse.origin}/ap/users/${carol.id}`;

    const [found] = await searchOn(glimpse, carol, `@${BOT}@${bot.host}`);
    expect(found, 'the bot in the search results').toBeDefined();
    expect(found!.profile.displayName).toBe(`Watcher ${BOT}`);
    expect(await followOn(glimpse, carol, found!.id)).toMatchObject({ requested: true });
    await waitFor('the bot to count carol as a follower', async () =>
      (await bot.state(BOT)).followers.includes(carolActor),
    );
    await waitFor('the Accept at Glimpse', async () => (await statusOn(glimpse, carol, found!.id)).following);

    const noteId = await bot.note(BOT, 'Hello from a server we did not write #interop');
    const post = await waitFor("the bot's Note in carol's Following feed", async () =>
      (await followingFeedOn(glimpse, carol)).find((p) =>
        p.content.includes('Hello from a server we did not write'),
      ),
    );
    expect(post.author.id).toBe(found!.id);
    expect(post.author.username).toBe(found!.username);
    expect(post.tags).toContain('interop');
    expect(post.privacy).toBe('public');
    expect(noteId.startsWith(`${bot.origin}/`)).toBe(true);
  }, 120_000);

  // Last: it ends the follows the tests above made.
  it("a domain suspension stops both directions: follows end, nothing of ours reaches the bot, nothing of the bot's is taken in", async () => {
    const admin = await seedUser(glimpse.t, { username: 'warden', isAdmin: true });
    const alice = await seedUser(glimpse.t, { username: 'alice2' });
    const carol = await seedUser(glimpse.t, { username: 'carol2' });
    const botHandle = `${BOT}@${bot.host}`;
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await glimpse.t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const queued = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from federation_queue`))[0]!.n;
    const postsWith = async (marker: string) =>
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from posts where content like ${`%${marker}%`}`,
        )
      )[0]!.n;

    // Both directions work first: the bot follows alice2, carol2 follows the bot.
    await bot.follow(BOT, `alice2@${glimpse.host}`);
    await waitFor('the bot following alice2', async () => (await followersCountOn(glimpse, 'alice2')) === 1);
    const [found] = await searchOn(glimpse, carol, `@${botHandle}`);
    await followOn(glimpse, carol, found!.id);
    await waitFor(
      'carol2 following the bot',
      async () => (await statusOn(glimpse, carol, found!.id)).following,
    );

    const policy = (method: 'PUT' | 'DELETE') =>
      glimpse.t.app.inject({
        method,
        url: `/api/admin/federation/domains/${encodeURIComponent(bot.host)}`,
        headers: admin.auth,
        ...(method === 'PUT' ? { payload: { level: 'suspend' } } : {}),
      });
    const put = await policy('PUT');
    expect(put.statusCode, put.body).toBe(200);
    // The follows with the bot end, both ways, at once.
    expect(await followersCountOn(glimpse, 'alice2')).toBe(0);
    expect(await statusOn(glimpse, carol, found!.id)).toMatchObject({ following: false });

    // In: the bot (which still counts carol2 as a follower) posts, and tries to follow again.
    await bot.note(BOT, 'Suspended server speaking #blocked');
    await bot.follow(BOT, `alice2@${glimpse.host}`);
    await bot.idle(BOT);

    // Out: a follow row put back by hand, so that without the policy alice2's post would go to
    // the bot; it must not.
    const [botUser] = await rows<{ id: string }>(sql`select id from users where username = ${botHandle}`);
    const followRow = (q: 'insert' | 'delete') =>
      glimpse.t.database.db.execute(
        q === 'insert'
          ? sql`insert into follows (follower_id, followee_id) values (${botUser!.id}, ${alice.id})`
          : sql`delete from follows where follower_id = ${botUser!.id} and followee_id = ${alice.id}`,
      );
    await followRow('insert');
    await createPostViaApi(glimpse.t, alice, {
      title: 'While suspended',
      content: 'suspendedmarker never leaves',
      privacy: 'public',
    });

    // Lifted: what is sent now reaches the bot, so what was held back would have by then.
    expect((await policy('DELETE')).statusCode).toBe(200);
    await createPostViaApi(glimpse.t, alice, {
      title: 'After',
      content: 'liftedmarker arrives',
      privacy: 'public',
    });
    await waitFor(
      'the post made after the lift, at the bot',
      async () => receivedOf('Create', (o) => String(o.content ?? '').includes('liftedmarker'))[0],
    );
    await waitFor('our queue to be empty', async () => (await queued()) === 0);
    expect(JSON.stringify(bot.received())).not.toContain('suspendedmarker');
    await followRow('delete');

    // Nothing of the bot's was taken in while suspended: no post, no follow of alice2.
    expect(await postsWith('Suspended server speaking')).toBe(0);
    expect(await followersCountOn(glimpse, 'alice2')).toBe(0);
    expect(JSON.stringify(await followingFeedOn(glimpse, carol))).not.toContain('Suspended server speaking');
  }, 120_000);
});
