// The key and address of an e-mailed link (/signup/{key}/{email}, /reset-password-email/{key}/{email}),
// checked with the contract's rules for them: a link the API would refuse is malformed here.
import { SignupCheckSchema } from '@portal/contracts/auth';
import { useParams } from 'react-router';

export type LinkParams = { key: string; email: string } | undefined;

/**
 * The router hands the segments over decoded, except that it keeps '/' as '%2F' (a '/' in a
 * segment would otherwise split it); this undoes that too. Undefined when the link is malformed.
 */
export function useLinkParams(): LinkParams {
  const params = useParams();
  const key = params.key?.replaceAll('%2F', '/').trim();
  const email = params.email?.replaceAll('%2F', '/').trim();
  if (!key || !email || !SignupCheckSchema.safeParse({ key, email }).success) return undefined;
  return { key, email };
}
