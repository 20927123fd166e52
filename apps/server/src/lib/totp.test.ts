import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUrl, totpAt, totpStep } from './totp.js';

/** RFC 4226 appendix D: secret "12345678901234567890", counters 0..9. */
const RFC4226_SECRET = Buffer.from('12345678901234567890');
const RFC4226_CODES = [
  '755224',
  '287082',
  '359152',
  '969429',
  '338314',
  '254676',
  '287922',
  '162583',
  '399871',
  '520489',
];

/** RFC 6238 appendix B: 8 digits, 30 s steps; the seed per algorithm (20, 32 and 64 bytes). */
const RFC6238_KEYS = {
  sha1: Buffer.from('12345678901234567890'),
  sha256: Buffer.from('12345678901234567890123456789012'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
};
const RFC6238_VECTORS: Array<[number, string, string, string]> = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('HOTP (RFC 4226)', () => {
  it.each(RFC4226_CODES.map((code, counter) => [counter, code] as const))(
    'counter %i → %s',
    (counter, code) => {
      expect(hotp(RFC4226_SECRET, counter)).toBe(code);
    },
  );
});

describe('TOTP (RFC 6238 test vectors)', () => {
  it.each(RFC6238_VECTORS)('T = %i s', (seconds, sha1, sha256, sha512) => {
    const step = totpStep(seconds * 1000, 30);
    expect(totpAt(RFC6238_KEYS.sha1, step, { digits: 8, algorithm: 'sha1' })).toBe(sha1);
    expect(totpAt(RFC6238_KEYS.sha256, step, { digits: 8, algorithm: 'sha256' })).toBe(sha256);
    expect(totpAt(RFC6238_KEYS.sha512, step, { digits: 8, algorithm: 'sha512' })).toBe(sha512);
  });
});

describe('matchTotp', () => {
  const key = RFC6238_KEYS.sha1;
  const opts = { stepSeconds: 30, digits: 6, drift: 1 };
  const nowMs = 1_234_567_890_000;
  const step = totpStep(nowMs, 30);

  it("accepts now's code and one step either side, answering the code's own step", () => {
    for (const s of [step - 1, step, step + 1]) {
      expect(matchTotp(key, totpAt(key, s), { ...opts, nowMs })).toBe(s);
    }
  });

  it('refuses codes two steps away, of the wrong length, or not digits', () => {
    expect(matchTotp(key, totpAt(key, step - 2), { ...opts, nowMs })).toBeNull();
    expect(matchTotp(key, totpAt(key, step + 2), { ...opts, nowMs })).toBeNull();
    expect(matchTotp(key, totpAt(key, step).slice(1), { ...opts, nowMs })).toBeNull();
    expect(matchTotp(key, 'abcdef', { ...opts, nowMs })).toBeNull();
  });
});

describe('base32 (RFC 4648)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('%j ⇄ %s', (text, encoded) => {
    expect(base32Encode(Buffer.from(text))).toBe(encoded);
    expect(base32Decode(encoded)?.toString()).toBe(text);
    expect(base32Decode(`${encoded.toLowerCase()}===`)?.toString()).toBe(text);
  });

  it('refuses characters outside the alphabet', () => {
    expect(base32Decode('MZXW1')).toBeNull();
  });
});

it('writes the otpauth:// URL authenticator apps read', () => {
  const url = new URL(
    otpauthUrl({ issuer: 'Glimpse', account: 'ana@gmail.com', secret: 'JBSWY3DP', digits: 6, period: 30 }),
  );
  expect(url.protocol).toBe('otpauth:');
  expect(url.host).toBe('totp');
  expect(decodeURIComponent(url.pathname)).toBe('/Glimpse:ana@gmail.com');
  expect(Object.fromEntries(url.searchParams)).toEqual({
    secret: 'JBSWY3DP',
    issuer: 'Glimpse',
    algorithm: 'SHA1',
    digits: '6',
    period: '30',
  });
});
