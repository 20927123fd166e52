import { createHmac, timingSafeEqual } from 'node:crypto';
import { JWT_TTL_SECONDS, ZTokenPayload, type TokenPayload } from '@glimpse/shared';

/** HS256 JWTs, by hand: the format is small and a dependency would add nothing but surface. */

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

function sign(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

export function signToken(
  claims: Pick<TokenPayload, 'userId' | 'username' | 'email'>,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): string {
  const payload = base64url(JSON.stringify({ ...claims, iat: now, exp: now + JWT_TTL_SECONDS }));
  const body = `${HEADER}.${payload}`;
  return `${body}.${sign(body, secret)}`;
}

/** A token for this member, signed with the deployment's secret. */
export function issueToken(secret: string, user: { id: string; username: string; email: string }): string {
  return signToken({ userId: user.id, username: user.username, email: user.email }, secret);
}

export type VerifyResult = { ok: true; payload: TokenPayload } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyToken(
  token: string,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'invalid' };
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(`${header}.${payload}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'invalid' };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const claims = ZTokenPayload.safeParse(json);
  if (!claims.success) return { ok: false, reason: 'invalid' };
  if (claims.data.exp <= now) return { ok: false, reason: 'expired' };
  return { ok: true, payload: claims.data };
}
