// A message one screen leaves for the next ('Property created', 'Successfully deleted'): it
// travels in the router's location state and is taken out on arrival, so a reload or the back
// button does not announce it again.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * What `read` finds in the location state this screen was opened with, kept while the screen is
 * shown, and a way to dismiss it. Once found, the history entry's state is cleared.
 */
export function useArrivalState<T>(
  read: (state: unknown) => T | null | undefined,
): [T | undefined, () => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const [arrival, setArrival] = useState(() => read(location.state) ?? undefined);
  // Only a state that carries this screen's message is cleared, never another's.
  const carriesArrival = (read(location.state) ?? undefined) !== undefined;

  useEffect(() => {
    if (!carriesArrival) return;
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  }, [carriesArrival, navigate, location.pathname, location.search, location.hash]);

  return [arrival, () => setArrival(undefined)];
}

/** The field `key` of a location state, if the state is an object that has it. */
export function stateField(state: unknown, key: string): unknown {
  return typeof state === 'object' && state !== null && key in state
    ? (state as Record<string, unknown>)[key]
    : undefined;
}
