// The user of SPEC §3 and the calls of SPEC §7 / DESIGN §4.1 that read and change users.
import { z } from 'zod';
import { LANGUAGES, ROLES } from './domain';

export const EmailSchema = z.email({ error: 'Enter a valid e-mail address.' }).max(254).trim();

/** DESIGN §4 and the accounts issue: 8 to 128 characters, never truncated. */
export const PasswordSchema = z
  .string()
  .min(8, { error: 'The password must be at least 8 characters long.' })
  .max(128, { error: 'The password must be at most 128 characters long.' });

export const RoleSchema = z.enum(ROLES);
export const LanguageSchema = z.enum(LANGUAGES);
export const InvitationStatusSchema = z.enum(['pending', 'accepted']);

export const UserOrganizationSchema = z.object({ id: z.uuid(), name: z.string() });

export const UserSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    phone: z.string(),
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

/** PUT /api/user/{email}: the whole user object; read-only fields are accepted and ignored. */
export const UpdateUserSchema = z.object({
  email: EmailSchema.optional(),
  name: z.string().trim().max(200).optional(),
  phone: z
    .string()
    .trim()
    .max(40)
    .regex(/^[+0-9 ()-]*$/, { error: 'A phone number has digits, spaces, +, - and brackets only.' })
    .optional(),
  role: RoleSchema.optional(),
  language: LanguageSchema.optional(),
  pushNotifications: z.boolean().optional(),
  emailNotifications: z.boolean().optional(),
  /** Required with newPassword when changing one's own password. */
  password: z.string().max(128).optional(),
  newPassword: PasswordSchema.optional(),
});
export type UpdateUser = z.infer<typeof UpdateUserSchema>;

export const UserEnvelopeSchema = z.object({ user: UserSchema });
