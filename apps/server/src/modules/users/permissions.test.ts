import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission } from '@glimpse/shared';
import { can, type RoleHolder } from '../../lib/permissions.js';

const member: RoleHolder = { isAdmin: false, isModerator: false, permissions: [] };

/** SPEC §6 as a table: who holds which permission. */
const roles: [name: string, user: RoleHolder | null, holds: readonly Permission[]][] = [
  ['visitor', null, []],
  ['member', member, []],
  ['moderator', { ...member, isModerator: true }, ['moderate_content', 'view_reports']],
  ['admin', { ...member, isAdmin: true }, PERMISSIONS],
  ['member named manage_users', { ...member, permissions: ['manage_users'] }, ['manage_users']],
  [
    'moderator named manage_settings',
    { ...member, isModerator: true, permissions: ['manage_settings'] },
    ['moderate_content', 'view_reports', 'manage_settings'],
  ],
  ['member with an unknown name', { ...member, permissions: ['fly'] }, []],
];

describe('can(user, permission)', () => {
  const cases = roles.flatMap(([name, user, holds]) =>
    PERMISSIONS.map((permission) => [name, permission, user, holds.includes(permission)] as const),
  );

  it.each(cases)('%s / %s', (_name, permission, user, expected) => {
    expect(can(user, permission)).toBe(expected);
  });

  it('covers every permission for every role', () => {
    expect(cases).toHaveLength(roles.length * PERMISSIONS.length);
    expect(PERMISSIONS.length).toBeGreaterThanOrEqual(4);
  });
});
