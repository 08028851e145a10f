// The signed-in user the account and organization screens start from: the shell keeps it in
// state.user.fetchUser.user; until it has arrived the screen shows 'Loading...', and if it could
// not be fetched, SPEC §8's message.
import { Alert } from '@mantine/core';
import type { User } from '@portal/contracts/users';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../components/loading';
import { useAppSelector } from './store';

/** Renders `children` with the signed-in user, or what stands in for it meanwhile. */
export function WithSignedInUser({ children }: { children: (user: User) => ReactNode }) {
  const { t } = useTranslation('account');
  const user = useAppSelector((state) => state.user.fetchUser.user);
  const failed = useAppSelector((state) => state.user.fetchUser.error !== '');
  if (user) return children(user);
  if (failed)
    return (
      <Alert color="red" role="alert" title={t('user.fetchFailed')} my="md">
        {t('session.fetchFailedText')}
      </Alert>
    );
  return <Loading />;
}
