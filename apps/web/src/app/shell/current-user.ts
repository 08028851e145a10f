// Keeps the signed-in user in state.user.fetchUser.user while the shell is shown: fetched once
// (GET /user/{id}, the id from local storage) when it is missing or belongs to someone else.
// Screens inside the shell (greeting, profile, organization users) read it from there.
import { useEffect, useRef } from 'react';
import { signOut } from '../../features/auth/sign-out';
import { USER_ID_STORAGE_KEY } from '../../lib/http';
import { useAppDispatch, useAppSelector } from '../store';
import { fetchUser } from '../user-slice';

/** The API's answer to a token it does not accept at all (an expired one is 418 and refreshed). */
const UNAUTHORIZED = 401;

export function useCurrentUser() {
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const user = useAppSelector((state) => state.user.fetchUser.user);
  // The id asked for last: one request per signed-in user, also under StrictMode's double effects
  // and after a failure (a broken network does not turn into a stream of retries).
  const requested = useRef<string | null>(null);

  useEffect(() => {
    if (!isLoggedIn) {
      requested.current = null;
      return;
    }
    const id = localStorage.getItem(USER_ID_STORAGE_KEY);
    if (!id || user?.id === id || requested.current === id) return;
    requested.current = id;
    void dispatch(fetchUser(id)).then((result) => {
      // A token the API refuses outright cannot be refreshed: the session is over.
      if (fetchUser.rejected.match(result) && result.payload?.statusCode === UNAUTHORIZED)
        void dispatch(signOut());
    });
  }, [dispatch, isLoggedIn, user]);

  return user;
}
