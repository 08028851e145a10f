// The shell's part of the store (app/store.ts): SPEC §4's user slice and the api cache with its
// middleware. Loaded with the shell's code, so RTK Query and the HTTP client (axios) stay out of the
// sign-in screen's (docs/web-loading.md).
import { createAction } from '@reduxjs/toolkit';
import { useLayoutEffect, useState } from 'react';
import { api } from '../../api/api-slice';
import { userSlice } from '../../api/user-slice';
import { useAppDispatch } from '../../lib/store-hooks';
import { lateMiddleware, rootReducer } from '../store';

// Every store has them from now on: one made later from the start, one made earlier (the app's)
// once it sees its next action.
rootReducer.inject(userSlice);
rootReducer.inject(api);
lateMiddleware.addMiddleware(api.middleware);

/** Any action fills in the injected slices' state in a store made before; this one says why. */
export const shellStateAdded = createAction('app/shellStateAdded');

/**
 * False on the shell's first render, true once its part of the store is there; the layout effect
 * runs before the browser paints, so nothing shows in between.
 */
export function useShellState(): boolean {
  const dispatch = useAppDispatch();
  const [added, setAdded] = useState(false);
  useLayoutEffect(() => {
    dispatch(shellStateAdded());
    setAdded(true);
  }, [dispatch]);
  return added;
}
