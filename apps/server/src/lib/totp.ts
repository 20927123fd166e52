import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP), as authenticator apps compute
 * them, on node:crypto alone. Secrets travel as RFC 4648 base32 (what `otpauth://` URLs carry).
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case-insensitive, padding and spaces ignored); null for any other character. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) return null;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

/** RFC 4226 HOTP: the `digits`-digit code of `counter` (dynamic truncation of the HMAC). */
export function hotp(
  key: Uint8Array,
  counter: number,
  digits = 6,
  algorithm: TotpAlgorithm = 'sha1',
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of a moment (RFC 6238 T = floor((unix time - T0) / X), T0 = 0). */
export function totpStep(nowMs: number, stepSeconds: number): number {
  return Math.floor(nowMs / 1000 / stepSeconds);
}

/** The code of a time step. */
export function totpAt(
  key: Uint8Array,
  step: number,
  opts: { digits?: number; algorithm?: TotpAlgorithm } = {},
): string {
  return hotp(key, step, opts.digits ?? 6, opts.algorithm ?? 'sha1');
}

/**
 * The time step whose code `code` is, among now's and `drift` steps either side (clocks differ a
 * little), or null. Every candidate is compared in constant time.
 */
export function matchTotp(
  key: Uint8Array,
  code: string,
  opts: { nowMs: number; stepSeconds: number; digits: number; drift: number },
): number | null {
  if (!/^\d+$/.test(code) || code.length !== opts.digits) return null;
  const now = totpStep(opts.nowMs, opts.stepSeconds);
  let found: number | null = null;
  for (let step = now - opts.drift; step <= now + opts.drift; step++) {
    const expected = Buffer.from(totpAt(key, step, { digits: opts.digits }));
    if (timingSafeEqual(expected, Buffer.from(code)) && found === null) found = step;
  }
  return found;
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** The URL authenticator apps read from the QR code (Key Uri Format). */
export function otpauthUrl(opts: {
  issuer: string;
  account: string;
  secret: string;
  digits: number;
  period: number;
}): string {
  const label = `${encodeURIComponent(opts.issuer)}:${encodeURIComponent(opts.account)}`;
  const params = new URLSearchParams({
    secret: opts.secret,
    issuer: opts.issuer,
    algorithm: 'SHA1',
    digits: String(opts.digits),
    period: String(opts.period),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

/** SHA-256 in hex: how single-use secrets (reset tokens, recovery codes) are kept. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
