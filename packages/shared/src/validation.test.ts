import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';
import { normalizeFederationDomain } from './schemas/moderation.js';
import { isMainstreamEmail, isValidPhone, splitTags, validateEmail } from './validation.js';

describe('email rules (SPEC §5)', () => {
  it('requires, checks format, then provider', () => {
    expect(validateEmail('', { context: 'login' })).toBe(MSG.emailRequired);
    expect(validateEmail('nope', { context: 'login' })).toBe(MSG.emailInvalid);
    expect(validateEmail('a@company.io', { context: 'login' })).toBe(MSG.emailProviderLogin);
    expect(validateEmail('a@company.io', { context: 'register' })).toBe(MSG.emailProviderRegister);
    expect(validateEmail('a@gmail.com', { context: 'login' })).toBeNull();
  });
  it('accepts every listed provider, including the vip subdomains, and the own host', () => {
    for (const d of ['qq.com', '163.com', 'vip.163.com', 'vip.sina.com', 'foxmail.com', 'protonmail.com']) {
      expect(isMainstreamEmail(`x@${d}`)).toBe(true);
    }
    expect(isMainstreamEmail('x@glimpse.local')).toBe(false);
    expect(isMainstreamEmail('x@glimpse.local', 'glimpse.local')).toBe(true);
  });
});

describe('phone and tags', () => {
  it('phone is 10-20 digits, spaces, dashes, parentheses, optional leading plus', () => {
    expect(isValidPhone('+1 (949) 555-0100')).toBe(true);
    expect(isValidPhone('12345')).toBe(false);
    expect(isValidPhone('555-0100-abc-1234')).toBe(false);
  });
  it('tags split on commas, trimmed, empties dropped', () => {
    expect(splitTags(' a, b,, c ,')).toEqual(['a', 'b', 'c']);
  });
});

describe('federation domains', () => {
  it('normalises a host name with an optional port, and refuses everything else', () => {
    expect(normalizeFederationDomain(' Social.Example. ')).toBe('social.example');
    expect(normalizeFederationDomain('social.example:8443')).toBe('social.example:8443');
    expect(normalizeFederationDomain('social.example:443')).toBe('social.example');
    expect(normalizeFederationDomain('bücher.example')).toBe('xn--bcher-kva.example');
    expect(normalizeFederationDomain('localhost:5302')).toBe('localhost:5302');
    for (const bad of [
      '',
      'https://social.example',
      'social.example/path',
      'user@social.example',
      'social example',
      'a..b',
      '-a.example',
      'a.example:0',
      'a.example:70000',
      'a.example?x',
      '[::1]',
      `${'a'.repeat(64)}.example`,
    ]) {
      expect(normalizeFederationDomain(bad), bad).toBeNull();
    }
  });
});
