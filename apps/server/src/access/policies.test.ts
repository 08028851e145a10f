import { describe, expect, it } from 'vitest';
import {
  type Action,
  accountRole,
  assertKeepsSiteManagers,
  authorize,
  authorizeMemberChange,
  may,
  refuseOwnRoleChange,
} from './policies';

describe('the role policies (DESIGN §5)', () => {
  const actions: Action[] = [
    'organization.create',
    'organization.change',
    'property.create',
    'property.change',
    'area.create',
    'area.change',
    'wifi.change',
    'member.invite',
    'member.change',
  ];

  it.each(actions)('let site managers, and neither users nor outsiders, %s', (action) => {
    expect(may('site-manager', action)).toBe(true);
    expect(may('user', action)).toBe(false);
    expect(may(undefined, action)).toBe(false);
    expect(() => authorize('user', action)).toThrow(expect.objectContaining({ statusCode: 403 }));
  });

  it("refuse with SPEC §6's texts where it gives them", () => {
    expect(() => authorize('user', 'property.create')).toThrow(
      "You don't have the permissions to create a property",
    );
    expect(() => authorize('user', 'area.create')).toThrow(
      "You don't have the permissions to create an area",
    );
  });

  it("call an account a site manager's when it manages any organization, or none yet", () => {
    expect(accountRole([])).toBe('site-manager');
    expect(accountRole(['user', 'site-manager'])).toBe('site-manager');
    expect(accountRole(['user', 'user'])).toBe('user');
  });

  it('never let anyone change their own role', () => {
    expect(() => refuseOwnRoleChange('user', undefined)).not.toThrow();
    expect(() => refuseOwnRoleChange('user', 'user')).not.toThrow();
    expect(() => refuseOwnRoleChange('user', 'site-manager')).toThrow(
      'You cannot change your own role.',
    );
    expect(() => refuseOwnRoleChange('site-manager', 'user')).toThrow(
      'You cannot change your own role.',
    );
  });

  describe("a change to another member's", () => {
    const stored = {
      name: 'Erik Styrelse',
      phone: '070-1',
      language: 'sv',
      pushNotifications: false,
      emailNotifications: true,
    };

    it('role is for a site manager of the organization only', () => {
      expect(() => authorizeMemberChange('site-manager', stored, {})).not.toThrow();
      expect(() => authorizeMemberChange('user', stored, {})).toThrow(
        'Only site managers can change other users.',
      );
    });

    it('profile, even sent back unchanged in the whole user object, is theirs alone', () => {
      expect(() => authorizeMemberChange('site-manager', stored, { ...stored })).not.toThrow();
      for (const change of [
        { name: 'Renamed' },
        { phone: '' },
        { language: 'en' },
        { pushNotifications: true },
        { emailNotifications: false },
      ]) {
        expect(() => authorizeMemberChange('site-manager', stored, change)).toThrow(
          'Only the person themselves can change their profile.',
        );
      }
      expect(() => authorizeMemberChange('site-manager', stored, { newPassword: 'x' })).toThrow(
        "You cannot change another user's password.",
      );
    });
  });

  it('keep a site manager in every organization', () => {
    expect(() => assertKeepsSiteManagers([])).not.toThrow();
    expect(() => assertKeepsSiteManagers(['an organization'])).toThrow(
      expect.objectContaining({ statusCode: 409, code: 'LAST_SITE_MANAGER' }),
    );
  });
});
