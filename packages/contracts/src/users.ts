// The user of SPEC §3 and the calls of SPEC §7 / DESIGN §4.1 that read and change users.
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PHONE_PATTERN,
} from './account-limits';
import { LANGUAGES, ROLES } from './domain';
import { text, z } from './zod';

export const EmailSchema = z
  .email({ error: 'Enter a valid e-mail address.' })
  .max(EMAIL_MAX_LENGTH)
  .trim();

/** DESIGN §4 and the accounts issue: 8 to 128 characters, never truncated. */
export const PasswordSchema = text()
  .min(PASSWORD_MIN_LENGTH, {
    error: `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  })
  .max(PASSWORD_MAX_LENGTH, {
    error: `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  });

/** What people type into a phone field (digits, spaces, +, - and brackets), trimmed. */
export const PhoneSchema = text()
  .trim()
  .max(PHONE_MAX_LENGTH)
  .regex(PHONE_PATTERN, { error: 'A phone number has digits, spaces, +, - and brackets only.' });

export const RoleSchema = z.enum(ROLES);
export const LanguageSchema = z.enum(LANGUAGES);
export const InvitationStatusSchema = z.enum(['pending', 'accepted']);

/** An organization the user belongs to, and their role in it: roles belong to memberships. */
export const UserOrganizationSchema = z.object({ id: z.uuid(), name: text(), role: RoleSchema });

export const UserSchema = z
  .object({
    id: z.uuid(),
    email: text(),
    name: text(),
    phone: text(),
    /**
     * The account's role: 'site-manager' when the user manages at least one of their
     * organizations (or belongs to none yet, having registered to start their own), else 'user'.
     * In an organization's member list, the role in that organization.
     */
    role: RoleSchema,
    language: LanguageSchema,
    invitationStatus: InvitationStatusSchema,
    pushNotifications: z.boolean(),
    emailNotifications: z.boolean(),
    organizations: z.array(UserOrganizationSchema),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;

/** POST /api/user/: SPEC sends {email} only; an inviting site manager may add role and organization. */
export const CreateUserSchema = z.object({
  email: EmailSchema,
  role: RoleSchema.optional(),
  organizationId: z.uuid().optional(),
  language: LanguageSchema.optional(),
});
export type CreateUser = z.infer<typeof CreateUserSchema>;

/**
 * PUT /api/user/{email}: the whole user object; read-only fields are accepted and ignored. A site
 * manager changing someone else's role names the organization it is their role in.
 */
export const UpdateUserSchema = z.object({
  organizationId: z.uuid().optional(),
  email: EmailSchema.optional(),
  name: text().trim().max(PERSON_NAME_MAX_LENGTH).optional(),
  phone: PhoneSchema.optional(),
  role: RoleSchema.optional(),
  language: LanguageSchema.optional(),
  pushNotifications: z.boolean().optional(),
  emailNotifications: z.boolean().optional(),
  /** Required with newPassword when changing one's own password. */
  password: text().max(PASSWORD_MAX_LENGTH).optional(),
  newPassword: PasswordSchema.optional(),
});
export type UpdateUser = z.infer<typeof UpdateUserSchema>;

/** DELETE /api/user/{emailOrId}: a site manager may name the one organization to remove the
 * member from; without it, every organization of theirs the member belongs to. */
export const RemoveUserQuerySchema = z.object({ organizationId: z.uuid().optional() });

export const UserEnvelopeSchema = z.object({ user: UserSchema });
