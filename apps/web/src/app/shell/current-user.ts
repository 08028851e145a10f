// Keeps the signed-in user loaded while the shell is shown (api/current-user: fetched once per
// user and kept in the cache for every screen inside), and ends a session the API refuses.
import { useEffect } from 'react';
import { useCurrentUserQuery } from '../../api/current-user';
import { signOut } from '../../features/auth/model/sign-out';
import { statusOf } from '../../lib/api-errors';
import { useAppDispatch } from '../../lib/store-hooks';

/** The API's answer to a token it does not accept at all (an expired one is 418 and refreshed). */
const UNAUTHORIZED = 401;

export function useKeepCurrentUser() {
  const dispatch = useAppDispatch();
  const { error } = useCurrentUserQuery();
  useEffect(() => {
    // A token the API refuses outright cannot be refreshed: the session is over.
    if (statusOf(error) === UNAUTHORIZED) void dispatch(signOut());
  }, [dispatch, error]);
}
