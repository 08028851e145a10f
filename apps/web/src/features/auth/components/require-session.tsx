// The guard of the main group (SPEC §2): only a signed-in user sees the shell. A visitor goes to
// sign-in with the wanted page in ?next=; a session that ends while the shell is shown (a failed
// refresh, SPEC §8) does the same with a notice; signing out on purpose goes to plain sign-in.
// The guard is part of every page's first code, so the sign-out itself (which loads the HTTP
// client and the api cache) lives with the shell (./use-sign-out); the shell tells the guard first.
import { useMemo, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useAppSelector } from '../../../lib/store-hooks';
import { type LoginNotice, loginHref } from '../model/login-navigation';

/** What the guard gives the layout inside it (through the router's outlet context). */
export type SessionControls = {
  /** The sign-out that follows is on purpose: plain sign-in, without the 'session ended' notice. */
  signingOut: () => void;
};

export function RequireSession() {
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const location = useLocation();
  // Signed in when the guard first showed the shell: a later sign-out means the session ended.
  const wasSignedIn = useRef(isLoggedIn);
  const signingOut = useRef(false);
  const controls = useMemo<SessionControls>(
    () => ({
      signingOut: () => {
        signingOut.current = true;
      },
    }),
    [],
  );

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
