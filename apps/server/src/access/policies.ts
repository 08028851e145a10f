// Who may do what (DESIGN §5), in one table: for a caller already inside the organization. Tenancy
// (tenancy.ts) is checked first, so what a caller may not even see answers 404 before any rule
// here answers 403. A role belongs to a membership: what a caller may change in an organization
// follows from their role in it, read from the database with the change (docs/accounts.md).
import type { Role } from '@portal/contracts/domain';
import { ErrorCode } from '@portal/contracts/errors';
import type { Queryable } from '../db/client';
import { conflict, forbidden, notFound } from '../errors';
import type { AccessClaims } from '../modules/auth/tokens';
import { lockMembership } from './tenancy';

/** The default 403 text, where SPEC §6 gives no text of its own. */
export const DEFAULT_REFUSAL = 'You do not have permission to do this.';

/** An invitation gives this role unless the inviting site manager chooses another. */
export const DEFAULT_INVITED_ROLE: Role = 'user';
/** Whoever creates an organization manages it. */
export const CREATOR_ROLE: Role = 'site-manager';

/**
 * The role SPEC §3's user object shows, and the access token carries: site manager when the user
 * manages at least one of their organizations, or belongs to none yet (a visitor who registered is
 * starting their own); user otherwise. It decides only who may create an organization; everything
 * inside one follows the role in that organization.
 */
export function accountRole(membershipRoles: readonly Role[]): Role {
  return membershipRoles.length === 0 || membershipRoles.includes('site-manager')
    ? 'site-manager'
    : 'user';
}

/** The role that decides: the caller's in the organization concerned, or their account's role
 * for creating an organization; undefined for someone who is not a member. */
type Policy = { allow: (role: Role | undefined) => boolean; refusal: string };

const siteManagers = (role: Role | undefined) => role === 'site-manager';

const POLICIES = {
  'organization.create': {
    allow: siteManagers,
    refusal: 'Only site managers can create organizations.',
  },
  'organization.change': { allow: siteManagers, refusal: DEFAULT_REFUSAL },
  // SPEC §6: the web app shows exactly these two texts.
  'property.create': {
    allow: siteManagers,
    refusal: "You don't have the permissions to create a property",
  },
  'property.change': { allow: siteManagers, refusal: DEFAULT_REFUSAL },
  'area.create': {
    allow: siteManagers,
    refusal: "You don't have the permissions to create an area",
  },
  'area.change': { allow: siteManagers, refusal: DEFAULT_REFUSAL },
  /** Adding, changing and deleting devices, and renewing a gateway's key. */
  'device.change': { allow: siteManagers, refusal: DEFAULT_REFUSAL },
  /** Adding, changing and deleting the PIN codes of doors and keypads. */
  'pin-code.change': { allow: siteManagers, refusal: DEFAULT_REFUSAL },
  /** Adding and deleting a device's images; everyone in the organization sees them. */
  'image.change': { allow: siteManagers, refusal: DEFAULT_REFUSAL },
  /** Adding, changing and deleting a property's WiFi networks; every member sees them and may
   * ask for a password. */
  'wifi.change': { allow: siteManagers, refusal: DEFAULT_REFUSAL },
  /** Inviting someone, or sending a pending member's invitation again. */
  'member.invite': { allow: siteManagers, refusal: 'Only site managers can invite users.' },
  /** Changing another member's role in the organization, or removing them from it. */
  'member.change': { allow: siteManagers, refusal: 'Only site managers can change other users.' },
} satisfies Record<string, Policy>;

export type Action = keyof typeof POLICIES;

export function may(role: Role | undefined, action: Action): boolean {
  return POLICIES[action].allow(role);
}

/** 403 with the action's refusal unless the role allows it. */
export function authorize(role: Role | undefined, action: Action) {
  if (!may(role, action)) refuse(action);
}

/** 403 with the action's refusal. */
export function refuse(action: Action): never {
  throw forbidden(POLICIES[action].refusal);
}

/**
 * 403 unless the caller's role in the organization allows the action. For a caller tenancy has
 * already let in, in the write's transaction: the membership row is read FOR SHARE, so a change
 * of the role (or a removal) waits until the write has committed, and the role read is the one
 * the write relies on. Should the membership have gone meanwhile (the organization deleted, the
 * caller removed), what the caller came for is gone for them too: 404 with `goneMessage`, the
 * resource's not-found text.
 */
export async function authorizeIn(
  db: Queryable,
  caller: AccessClaims,
  organizationId: string,
  action: Action,
  goneMessage: string,
) {
  const role = await lockMembership(db, caller.userId, organizationId);
  if (!role) throw notFound(goneMessage);
  authorize(role, action);
}

/** The profile a person keeps for themselves, seen by every organization they belong to. */
export type Profile = {
  name: string;
  phone: string;
  language: string;
  pushNotifications: boolean;
  emailNotifications: boolean;
};

/**
 * Changing someone else through PUT /api/user/{email}: a site manager of the organization changes
 * the person's role in it and nothing else. Their profile and password are theirs: every
 * organization they belong to sees the same name and number, so a change made from one would
 * reach the others. The whole user object comes back as SPEC §3 sends it, so fields equal to the
 * stored ones are no change.
 */
export function authorizeMemberChange(
  callerRole: Role | undefined,
  stored: Profile,
  change: Partial<Profile> & { newPassword?: string },
) {
  authorize(callerRole, 'member.change');
  if (change.newPassword) throw forbidden("You cannot change another user's password.");
  const profileChanged = (Object.keys(stored) as (keyof Profile)[]).some(
    (field) => change[field] !== undefined && change[field] !== stored[field],
  );
  if (profileChanged) throw forbidden('Only the person themselves can change their profile.');
}

/** One's own role never changes through one's own profile (DESIGN §4.1). */
export function refuseOwnRoleChange(current: Role | undefined, requested: Role | undefined) {
  if (requested && requested !== current) throw forbidden('You cannot change your own role.');
}

/**
 * Every organization with people in it keeps a site manager. A role change cannot take the last
 * one (only a site manager there changes roles, never their own, and under tenancy.ts's
 * lockMembershipsOf, so the caller is still one when the change is written); leaving can: the
 * only site manager of an organization with other members does not delete their account (409
 * LAST_SITE_MANAGER). `left` are those organizations, read under lockMembershipsAroundUser so two
 * site managers leaving at once take turns.
 */
export function assertKeepsSiteManagers(left: string[]) {
  if (left.length > 0) {
    throw conflict(
      'Every organization needs a site manager: make someone else one first.',
      ErrorCode.lastSiteManager,
    );
  }
}
