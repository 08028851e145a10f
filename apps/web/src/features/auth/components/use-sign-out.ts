// Signing out on purpose, for the shell: inside the guard (./require-session) it tells the guard,
// which then sends the user to plain sign-in; outside the guard it goes to sign-in itself.
import { useNavigate, useOutletContext } from 'react-router';
import { paths } from '../../../config/paths';
import { useAppDispatch } from '../../../lib/store-hooks';
import { signOut } from '../model/sign-out';
import type { SessionControls } from './require-session';

export function useSignOut(): () => void {
  const controls = useOutletContext<SessionControls | undefined>();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return () => {
    controls?.signingOut();
    void dispatch(signOut());
    if (!controls) void navigate(paths.login.href());
  };
}
