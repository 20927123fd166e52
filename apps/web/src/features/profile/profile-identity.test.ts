import { describe, expect, it } from 'vitest';
import { displayWebsite, isOwnProfile, websiteHref } from './profile-identity';

describe('isOwnProfile (SPEC §6 own-profile detection)', () => {
  const alice = { username: 'alice' };

  it('is own with no username in the route', () => {
    expect(isOwnProfile(undefined, alice)).toBe(true);
  });

  it('is own with the same username, in any case', () => {
    expect(isOwnProfile('alice', alice)).toBe(true);
    expect(isOwnProfile('ALICE', alice)).toBe(true);
    expect(isOwnProfile('AlIcE', { username: 'Alice' })).toBe(true);
  });

  it('is not own for another username', () => {
    expect(isOwnProfile('bob', alice)).toBe(false);
    expect(isOwnProfile('alice2', alice)).toBe(false);
  });

  it('is never own when signed out', () => {
    expect(isOwnProfile(undefined, null)).toBe(false);
    expect(isOwnProfile('alice', null)).toBe(false);
  });
});

describe('website display', () => {
  it('shows the address without scheme, www or trailing slash', () => {
    expect(displayWebsite('https://www.example.com/me/')).toBe('example.com/me');
  });

  it('links a bare domain over https', () => {
    expect(websiteHref('example.com')).toBe('https://example.com');
    expect(websiteHref('http://example.com')).toBe('http://example.com');
  });
});
