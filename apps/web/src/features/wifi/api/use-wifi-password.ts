// A network's password for the component that shows it: fetched when wanted, through the
// untracked call (./wifi-api), held in that component's state only and dropped when no longer
// wanted. An open network has none to fetch. One that does not decrypt (SECRETS_KEY changed) is
// WIFI_PASSWORD_UNREADABLE, worded by the errors catalogue like every code.
import type { Wifi } from '@portal/contracts/wifi';
import { useEffect, useState } from 'react';
import { type CallFailure, callFailureOf } from '../../../lib/call-failure';
import { usePasswordCalls } from './wifi-api';

/** The network's password, fetched once `wanted` ('' for a network without one). A component
 * that stays while the network is changed is keyed by its updatedAt, to fetch it again. */
export function useWifiPassword(network: Wifi, wanted: boolean) {
  const { fetchPassword } = usePasswordCalls();
  const [state, setState] = useState<{ password?: string; failure?: CallFailure }>({});
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
      (error) => current && setState({ failure: callFailureOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [fetchPassword, network.id, network.hasPassword, wanted]);
  return state;
}
