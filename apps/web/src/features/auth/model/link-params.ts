// The key and address of an e-mailed link (/signup/{key}/{email}, /reset-password-email/{key}/{email}).
import { useParams } from 'react-router';
import { checkEmail } from './form-checks';

export type LinkParams = { key: string; email: string } | undefined;

/**
 * The router hands the segments over decoded, except that it keeps '/' as '%2F' (a '/' in a
 * segment would otherwise split it); this undoes that too. Undefined when the link is malformed.
 */
export function useLinkParams(): LinkParams {
  const params = useParams();
  const key = params.key?.replaceAll('%2F', '/').trim();
  const email = params.email?.replaceAll('%2F', '/').trim();
  if (!key || !email || checkEmail(email)) return undefined;
  return { key, email };
}
