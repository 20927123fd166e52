import { errors, jwtVerify, SignJWT } from 'jose';
import { JWT_TTL_SECONDS, ZTokenPayload, type TokenPayload } from '@glimpse/shared';

/** HS256 JWTs through `jose`: signing, signature check (HS256 only), `exp`, then the claims' shape. */

const keys = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

export type TokenClaims = Pick<TokenPayload, 'userId' | 'username' | 'email' | 'sid'>;

/** A token with these claims, issued at `now` (seconds); `sid` names its row in `sessions`. */
export async function signToken(
  claims: TokenClaims,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({
    userId: claims.userId,
    username: claims.username,
    email: claims.email,
    sid: claims.sid,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + JWT_TTL_SECONDS)
    .sign(keyOf(secret));
}

/** A token of this member for the session `sessionId`, signed with the deployment's secret. */
export function issueToken(
  secret: string,
  user: { id: string; username: string; email: string },
  sessionId: string,
): Promise<string> {
  return signToken({ userId: user.id, username: user.username, email: user.email, sid: sessionId }, secret);
}

export type VerifyResult = { ok: true; payload: TokenPayload } | { ok: false; reason: 'invalid' | 'expired' };

export async function verifyToken(
  token: string,
  secret: string,
  now = Math.floor(Date.now() / 1000),
): Promise<VerifyResult> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(now * 1000),
      requiredClaims: ['iat', 'exp'],
    }));
  } catch (err) {
    if (err instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
  const claims = ZTokenPayload.safeParse(payload);
  if (!claims.success) return { ok: false, reason: 'invalid' };
  return { ok: true, payload: claims.data };
}
