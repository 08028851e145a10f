// Who may do what (DESIGN §5), in one table: for a caller already inside the organization. Tenancy
// (tenancy.ts) is checked first, so what a caller may not even see answers 404 before any rule
// here answers 403. Roles are one value per user (SPEC §3), read from the access token.
import type { Role } from '@portal/contracts/domain';
import { ErrorCode } from '@portal/contracts/errors';
import { conflict, forbidden } from '../errors';
import type { AccessClaims } from '../modules/auth/tokens';

/** The default 403 text, where SPEC §6 gives no text of its own. */
export const DEFAULT_REFUSAL = 'You do not have permission to do this.';

/** A visitor who registers starts their own organization, so they manage what they create. */
export const REGISTRANT_ROLE: Role = 'site-manager';
/** An invitation gives this role unless the inviting site manager chooses another. */
export const DEFAULT_INVITED_ROLE: Role = 'user';

type Policy = { allow: (caller: AccessClaims) => boolean; refusal: string };

const siteManagers = (caller: AccessClaims) => caller.role === 'site-manager';

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
  /** Inviting someone, or sending a pending member's invitation again. */
  'member.invite': { allow: siteManagers, refusal: 'Only site managers can invite users.' },
  /** Changing or removing another member (their profile, their role). */
  'member.change': { allow: siteManagers, refusal: 'Only site managers can change other users.' },
} satisfies Record<string, Policy>;

export type Action = keyof typeof POLICIES;

export function may(caller: AccessClaims, action: Action): boolean {
  return POLICIES[action].allow(caller);
}

/** 403 with the action's refusal unless the caller's role allows it. */
export function authorize(caller: AccessClaims, action: Action) {
  if (!may(caller, action)) throw forbidden(POLICIES[action].refusal);
}

/**
 * Changing a user through PUT /api/user/{email}: yourself (profile and password, never your own
 * role), or as a site manager another member (never their password).
 */
export function authorizeUserChange(
  caller: AccessClaims,
  target: { id: string; role: string },
  change: { role?: string; newPassword?: string },
) {
  const self = target.id === caller.userId;
  if (!self) authorize(caller, 'member.change');
  if (self && change.role && change.role !== target.role)
    throw forbidden('You cannot change your own role.');
  if (!self && change.newPassword) throw forbidden("You cannot change another user's password.");
}

/** What the last-site-manager rule needs of each organization a user belongs to. */
export type SiteManagerCount = {
  organizationId: string;
  siteManagers: number;
  isSiteManager: boolean;
};

/**
 * Every organization keeps a site manager: a user who is the only site manager of any of their
 * organizations is not made a user (409 LAST_SITE_MANAGER). The counts must be read under
 * tenancy.ts's lockOrganizationsOf, so two demotions at once cannot both pass.
 */
export function assertKeepsSiteManagers(counts: SiteManagerCount[]) {
  if (counts.some((count) => count.isSiteManager && count.siteManagers <= 1)) {
    throw conflict(
      'Every organization needs a site manager: make someone else one first.',
      ErrorCode.lastSiteManager,
    );
  }
}
