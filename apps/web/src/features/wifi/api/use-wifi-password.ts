// A network's password for the component that shows it: fetched when wanted, through the
// untracked call (./wifi-api), held in that component's state only and dropped when no longer
// wanted. An open network has none to fetch.
import { ErrorCode } from '@portal/contracts/error-codes';
import type { Wifi } from '@portal/contracts/wifi';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api-errors';
import { usePasswordCalls } from './wifi-api';

/** Why a password could not be had: unreadable (a site manager sets it again), or anything else. */
export type PasswordFailure = 'unreadable' | 'failed';

export const passwordFailureOf = (error: unknown): PasswordFailure =>
  isApiError(error) && error.code === ErrorCode.wifiPasswordUnreadable ? 'unreadable' : 'failed';

/** The network's password, fetched once `wanted` ('' for a network without one). A component
 * that stays while the network is changed is keyed by its updatedAt, to fetch it again. */
export function useWifiPassword(network: Wifi, wanted: boolean) {
  const { fetchPassword } = usePasswordCalls();
  const [state, setState] = useState<{ password?: string; failure?: PasswordFailure }>({});
  useEffect(() => {
    if (!wanted) {
      setState({});
      return;
    }
    if (!network.hasPassword) {
      setState({ password: '' });
      return;
    }
    let current = true;
    setState({});
    fetchPassword(network.id).then(
      (password) => current && setState({ password }),
      (error) => current && setState({ failure: passwordFailureOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [fetchPassword, network.id, network.hasPassword, wanted]);
  return state;
}
