// The guard of the main group (SPEC §2): only a signed-in user sees the shell. A visitor goes to
// sign-in with the wanted page in ?next=; a session that ends while the shell is shown (a failed
// refresh, SPEC §8) does the same with a notice; signing out on purpose goes to plain sign-in.
import { useCallback, useMemo, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import { paths } from '../../../config/paths';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { type LoginNotice, loginHref } from '../model/login-navigation';
import { signOut } from '../model/sign-out';

/** What the guard gives the layout inside it (through the router's outlet context). */
export type SessionControls = { signOut: () => void };

/**
 * Signing out on purpose, for the shell: the guard then sends the user to plain sign-in. Outside
 * the guard it signs out and goes to sign-in itself.
 */
export function useSignOut(): () => void {
  const controls = useOutletContext<SessionControls | undefined>();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    controls?.signOut ??
    (() => {
      void dispatch(signOut());
      void navigate(paths.login.href());
    })
  );
}

export function RequireSession() {
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const dispatch = useAppDispatch();
  const location = useLocation();
  // Signed in when the guard first showed the shell: a later sign-out means the session ended.
  const wasSignedIn = useRef(isLoggedIn);
  const signingOut = useRef(false);
  const signOutHere = useCallback(() => {
    signingOut.current = true;
    void dispatch(signOut());
  }, [dispatch]);
  const controls = useMemo<SessionControls>(() => ({ signOut: signOutHere }), [signOutHere]);

  if (!isLoggedIn) {
    if (signingOut.current) return <Navigate to={paths.login.href()} replace />;
    const notice: LoginNotice | undefined = wasSignedIn.current
      ? { sessionEnded: true }
      : undefined;
    const wanted = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={loginHref(wanted)} replace state={notice} />;
  }
  return <Outlet context={controls} />;
}
