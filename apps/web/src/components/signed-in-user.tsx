// The signed-in user the screens inside the shell start from (api/current-user): until it has
// arrived the screen shows 'Loading...', and if it could not be fetched, SPEC §8's message.
import type { User } from '@portal/contracts/users';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUserQuery } from '../api/current-user';
import { LoadFailed } from './load-failed';
import { Loading } from './loading';

/** Renders `children` with the signed-in user, or what stands in for it meanwhile. */
export function WithSignedInUser({ children }: { children: (user: User) => ReactNode }) {
  const { t } = useTranslation('account');
  const { data: user, isError } = useCurrentUserQuery();
  if (user) return children(user);
  if (isError)
    return <LoadFailed title={t('user.fetchFailed')} text={t('session.fetchFailedText')} />;
  return <Loading />;
}
