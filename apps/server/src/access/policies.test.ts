import { describe, expect, it } from 'vitest';
import type { AccessClaims } from '../modules/auth/tokens';
import {
  type Action,
  assertKeepsSiteManagers,
  authorize,
  authorizeUserChange,
  may,
} from './policies';

const manager: AccessClaims = { userId: 'manager', role: 'site-manager' };
const user: AccessClaims = { userId: 'user', role: 'user' };

describe('the role policies (DESIGN §5)', () => {
  const actions: Action[] = [
    'organization.create',
    'organization.change',
    'property.create',
    'property.change',
    'area.create',
    'area.change',
    'member.invite',
    'member.change',
  ];

  it.each(actions)('let site managers, and not users, %s', (action) => {
    expect(may(manager, action)).toBe(true);
    expect(may(user, action)).toBe(false);
    expect(() => authorize(user, action)).toThrow(expect.objectContaining({ statusCode: 403 }));
  });

  it("refuse with SPEC §6's texts where it gives them", () => {
    expect(() => authorize(user, 'property.create')).toThrow(
      "You don't have the permissions to create a property",
    );
    expect(() => authorize(user, 'area.create')).toThrow(
      "You don't have the permissions to create an area",
    );
  });

  it('let anyone change their own profile but never their own role', () => {
    expect(() => authorizeUserChange(user, { id: 'user', role: 'user' }, {})).not.toThrow();
    expect(() =>
      authorizeUserChange(user, { id: 'user', role: 'user' }, { role: 'site-manager' }),
    ).toThrow('You cannot change your own role.');
    expect(() =>
      authorizeUserChange(manager, { id: 'manager', role: 'site-manager' }, { role: 'user' }),
    ).toThrow('You cannot change your own role.');
  });

  it("let a site manager change another member's role, never their password", () => {
    const other = { id: 'other', role: 'user' };
    expect(() => authorizeUserChange(manager, other, { role: 'site-manager' })).not.toThrow();
    expect(() => authorizeUserChange(manager, other, { newPassword: 'x' })).toThrow(
      "You cannot change another user's password.",
    );
    expect(() => authorizeUserChange(user, other, {})).toThrow(
      'Only site managers can change other users.',
    );
  });

  it('keep a site manager in every organization', () => {
    const count = (siteManagers: number, isSiteManager: boolean) => ({
      organizationId: 'o',
      siteManagers,
      isSiteManager,
    });
    expect(() => assertKeepsSiteManagers([count(2, true), count(1, false)])).not.toThrow();
    expect(() => assertKeepsSiteManagers([count(2, true), count(1, true)])).toThrow(
      expect.objectContaining({ statusCode: 409, code: 'LAST_SITE_MANAGER' }),
    );
  });
});
