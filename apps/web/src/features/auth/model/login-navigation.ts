// How other screens send someone to sign in: the page to come back to, carried in the sign-in
// address as ?next= (so it survives a reload), and a notice saying why, carried in router state.
import { paths } from '../../../config/paths';

export const NEXT_PARAMETER = 'next';

/**
 * The path itself when it is safe to navigate to, else undefined. Only a path of this app: it
 * starts with one '/', never '//' or '/\' (which browsers read as another host), and holds no
 * control characters.
 */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  return value;
}

/** The sign-in address that leads back to `returnTo` (omitted for the start page). */
export function loginHref(returnTo?: string): string {
  const path = safeReturnPath(returnTo);
  if (!path || path === paths.dashboard.href()) return paths.login.href();
  return `${paths.login.href()}?${new URLSearchParams({ [NEXT_PARAMETER]: path })}`;
}

/** Where the sign-in screen sends someone who has signed in. */
export function returnPathFrom(search: URLSearchParams): string {
  return safeReturnPath(search.get(NEXT_PARAMETER)) ?? paths.dashboard.href();
}

/** Why someone is asked to sign in; router state, so it shows once and not on a reload. */
export type LoginNotice = {
  /** Signed in a moment ago, the session ended (a refresh failed, SPEC §8). */
  sessionEnded?: boolean;
  /** A password reset went through; `email` fills the form. */
  passwordChanged?: boolean;
  email?: string;
};

export function loginNoticeFrom(state: unknown): LoginNotice {
  if (!state || typeof state !== 'object') return {};
  const { sessionEnded, passwordChanged, email } = state as Record<string, unknown>;
  return {
    ...(sessionEnded === true ? { sessionEnded } : {}),
    ...(passwordChanged === true ? { passwordChanged } : {}),
    ...(typeof email === 'string' ? { email } : {}),
  };
}
