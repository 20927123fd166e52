import { describe, expect, it, vi } from 'vitest';
import { makeToken } from '../../test/render';
import { checkToken, restoreSessionFromToken } from './session';

describe('checkToken', () => {
  it('accepts a 3-part token whose exp is in the future', () => {
    const result = checkToken(makeToken({ username: 'bob' }));
    expect(result.status).toBe('valid');
    if (result.status === 'valid') expect(result.payload.username).toBe('bob');
  });

  it('rejects a token without exactly 3 dot-separated parts', () => {
    expect(checkToken('abc.def').status).toBe('malformed');
    expect(checkToken('a.b.c.d').status).toBe('malformed');
    expect(checkToken('').status).toBe('malformed');
  });

  it('treats an exp (seconds) earlier than now as expired', () => {
    expect(checkToken(makeToken({}, { expInSeconds: -10 })).status).toBe('expired');
  });

  it('reports a payload that is not base64url JSON as unreadable', () => {
    expect(checkToken('header.%%%not-base64%%%.sig').status).toBe('unreadable');
    expect(checkToken(`h.${btoa('plain text')}.s`).status).toBe('unreadable');
  });

  it('decodes base64url payloads with non-ASCII usernames', () => {
    const json = JSON.stringify({ userId: 'u1', username: 'zoë', email: 'z@gmail.com', exp: 4_000_000_000 });
    const payload = btoa(String.fromCharCode(...new TextEncoder().encode(json)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    const result = checkToken(`h.${payload}.s`);
    expect(result.status === 'valid' && result.payload.username).toBe('zoë');
  });
});

describe('restoreSessionFromToken', () => {
  it('builds the session user from the payload', () => {
    const session = restoreSessionFromToken(
      makeToken({ userId: 'u-1', username: 'carol', email: 'c@qq.com' }),
    );
    expect(session?.user).toMatchObject({ id: 'u-1', _id: 'u-1', username: 'carol', email: 'c@qq.com' });
  });

  it('only logs a decoding error and returns no session', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(restoreSessionFromToken('x.!!!.y')).toBeNull();
    expect(log).toHaveBeenCalled();
  });
});
