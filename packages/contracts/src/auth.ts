// Sign-in, sessions and password recovery (DESIGN §4.1–4.2).
import { PASSWORD_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from './account-limits';
import { EmailSchema, LanguageSchema, PasswordSchema, PhoneSchema, UserSchema } from './users';
import { text, z } from './zod';

export const LoginSchema = z.object({
  email: EmailSchema,
  password: text().min(1).max(PASSWORD_MAX_LENGTH),
});
export type Login = z.infer<typeof LoginSchema>;

export const LoginResponseSchema = z.object({
  accessToken: text(),
  refreshToken: text(),
  id: z.uuid(),
  user: UserSchema,
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** SPEC §7: {refreshToken, id}, taken from local storage keys session and id. */
export const RefreshSchema = z.object({ refreshToken: text().min(1).max(200), id: z.uuid() });
export const RefreshResponseSchema = z.object({
  accessToken: text(),
  refreshToken: text(),
});

export const LogoutSchema = z.object({ refreshToken: text().max(200).optional() });

/** Completes an invitation or a registration: the key and address from the e-mailed link. */
export const SignupSchema = z.object({
  key: text().min(1).max(200),
  email: EmailSchema,
  name: text().trim().min(1).max(PERSON_NAME_MAX_LENGTH),
  /** The same rule as the profile's, so a number taken here can be saved there. */
  phone: PhoneSchema.optional(),
  password: PasswordSchema,
  language: LanguageSchema.optional(),
});
export type Signup = z.infer<typeof SignupSchema>;

/** POST /api/auth/signup/check: the key and address of a signup link, before its form is filled. */
export const SignupCheckSchema = z.object({ key: text().min(1).max(200), email: EmailSchema });
export type SignupCheck = z.infer<typeof SignupCheckSchema>;

/**
 * 'valid': the link can complete the signup. 'used': the account of that address exists already
 * (sign in, or recover the password). 'invalid': unknown, expired or replaced by a newer link.
 */
export const SignupLinkStatusSchema = z.enum(['valid', 'used', 'invalid']);
export const SignupCheckResponseSchema = z.object({ status: SignupLinkStatusSchema });
export type SignupCheckResponse = z.infer<typeof SignupCheckResponseSchema>;

export const ResetPasswordEmailSchema = z.object({ email: EmailSchema });
export const ResetPasswordSchema = z.object({
  key: text().min(1).max(200),
  email: EmailSchema,
  password: PasswordSchema,
});
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;

export const AcceptedSchema = z.object({ status: z.literal('accepted') });
