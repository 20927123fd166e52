import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type SelfUser, type TokenPayload } from '@glimpse/shared';
import { createTestApp, seedUser, type SeededUser, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const update = (who: SeededUser, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/users/profile', headers: who.auth, payload: payload as object });

const fullProfile = {
  firstName: 'Ana',
  lastName: 'Lima',
  displayName: 'Ana L.',
  bio: 'Photos of Irvine',
  location: 'Irvine, CA',
  website: 'https://ana.example.com',
  phoneNumber: '+1 (555) 123-4567',
};

function decode(token: string): TokenPayload {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as TokenPayload;
}

describe('PUT /api/users/profile', () => {
  it('saves every field and answers the SelfUser', async () => {
    const ana = await seedUser(t);
    const res = await update(ana, {
      username: 'ana_lima',
      email: 'ana.lima@gmail.com',
      profile: fullProfile,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ message: string; user: SelfUser; token: string }>();
    expect(body.message).toBe('Profile updated successfully');
    expect(body.user).toMatchObject({
      id: ana.id,
      username: 'ana_lima',
      email: 'ana.lima@gmail.com',
      profile: fullProfile,
    });
    // The JWT carries username and email, so a rename comes with a token that says the new ones.
    expect(decode(body.token)).toMatchObject({
      userId: ana.id,
      username: 'ana_lima',
      email: 'ana.lima@gmail.com',
    });

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: ana.auth });
    expect(me.json<SelfUser>()).toMatchObject({ username: 'ana_lima', profile: fullProfile });
  });

  it('changes only the fields sent', async () => {
    const ana = await seedUser(t);
    await update(ana, { profile: fullProfile });
    const res = await update(ana, { profile: { bio: 'New bio' } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: SelfUser }>().user).toMatchObject({
      username: ana.username,
      email: ana.email,
      profile: { ...fullProfile, bio: 'New bio' },
    });
    expect(res.json()).not.toHaveProperty('token');
  });

  it('clears website and phone when sent empty', async () => {
    const ana = await seedUser(t);
    await update(ana, { profile: fullProfile });
    const res = await update(ana, { profile: { website: '', phoneNumber: '' } });
    expect(res.json<{ user: SelfUser }>().user.profile).toMatchObject({ website: '', phoneNumber: '' });
  });

  it.each([
    [{ username: '' }, MSG.usernameRequired],
    [{ username: '   ' }, MSG.usernameRequired],
    [{ username: null }, MSG.usernameRequired],
    [{ username: 'ab' }, MSG.usernameTooShort],
    [{ username: 'ana lima' }, MSG.usernameChars],
    [{ username: 'ana-lima' }, MSG.usernameChars],
    [{ username: 'a'.repeat(31) }, MSG.usernameTooLong],
    [{ email: '' }, MSG.emailRequired],
    [{ email: 'not-an-email' }, MSG.validEmail],
    [{ email: 'two@@gmail.com' }, MSG.validEmail],
    [{ profile: { website: 'not a url' } }, MSG.validWebsite],
    [{ profile: { website: 'javascript:alert(1)' } }, MSG.validWebsite],
    [{ profile: { website: 'ftp://files.example.com' } }, MSG.validWebsite],
    [{ profile: { phoneNumber: '12345' } }, MSG.validPhone],
    [{ profile: { phoneNumber: '1'.repeat(21) } }, MSG.validPhone],
    [{ profile: { phoneNumber: '555-CALL-NOW-1' } }, MSG.validPhone],
    [{ profile: { phoneNumber: '1+5551234567' } }, MSG.validPhone],
    [{ profile: { bio: 'x'.repeat(501) } }, MSG.bioTooLong],
    [{ profile: { displayName: 'x'.repeat(61) } }, 'Display name must be at most 60 characters'],
    [{ profile: { firstName: 42 } }, 'Invalid data provided'],
    [{ profile: { lastName: 'x'.repeat(61) } }, 'Last name must be at most 60 characters'],
    [{ profile: { location: 'x'.repeat(101) } }, 'Location must be at most 100 characters'],
    [{ profile: 'nope' }, 'Invalid data provided'],
  ])('rejects %j with "%s"', async (payload, message) => {
    const ana = await seedUser(t);
    const res = await update(ana, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, code: 'VALIDATION' });
  });

  it('accepts the edges of the rules', async () => {
    const ana = await seedUser(t);
    const res = await update(ana, {
      username: 'Ana_99',
      profile: { bio: 'x'.repeat(500), phoneNumber: '+1234567890', website: 'http://a.io' },
    });
    expect(res.statusCode).toBe(200);
    expect((await update(ana, { profile: { phoneNumber: '(555) 123-4567 89' } })).statusCode).toBe(200);
  });

  it('answers 409 for a username or email held by someone else, case-insensitively', async () => {
    const ana = await seedUser(t);
    const ben = await seedUser(t);
    const name = await update(ben, { username: ana.username.toUpperCase() });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toEqual({ message: 'Username is already taken', code: 'CONFLICT' });
    const email = await update(ben, { email: ana.email.toUpperCase() });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ message: 'Email is already in use', code: 'CONFLICT' });
  });

  it('lets a member change the case of their own username', async () => {
    const ana = await seedUser(t);
    const res = await update(ana, { username: ana.username.toUpperCase(), email: ana.email });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: SelfUser }>().user.username).toBe(ana.username.toUpperCase());
  });

  it('lets only one of two members claim a free name at the same moment', async () => {
    const [ana, ben] = [await seedUser(t), await seedUser(t)];
    const results = await Promise.all([
      update(ana, { username: 'contested' }),
      update(ben, { username: 'CONTESTED' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe('Username is already taken');
  });

  it('answers 404 for the old username after a rename, and the profile under the new one', async () => {
    const ana = await seedUser(t);
    await update(ana, { username: 'renamed_ana' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/profile/${ana.username}` })).statusCode,
    ).toBe(404);
    const now = await t.app.inject({ method: 'GET', url: '/api/users/profile/renamed_ana' });
    expect(now.json()).toMatchObject({ id: ana.id });
  });

  it('ignores a client-sent picture URL and removes the avatar for null', async () => {
    const ana = await seedUser(t, {
      avatarUrl: '/media/own.webp',
      avatarFilename: 'own.webp',
      avatarUploadedAt: new Date(),
    });
    const spoof = await update(ana, {
      profile: { profilePicture: { url: 'https://tracker.example/p.gif', filename: 'x' } },
    });
    expect(spoof.json<{ user: SelfUser }>().user.profile.profilePicture?.url).toBe(
      'http://glimpse.test/media/own.webp',
    );
    const removed = await update(ana, { profile: { profilePicture: null } });
    expect(removed.json<{ user: SelfUser }>().user.profile.profilePicture).toBeNull();
  });

  it('requires a token', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      payload: { profile: { bio: 'x' } },
    });
    expect(res.statusCode).toBe(401);
  });
});
