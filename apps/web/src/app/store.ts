// The Redux store: the auth and user slices of SPEC §3–4 and the one api slice's cache. makeStore
// builds a fresh one, so tests start from any state they need. Code below app/ uses the typed hooks
// of lib/store-hooks, whose state type this store must satisfy.
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from '../api/api-slice';
import { userSlice } from '../api/user-slice';
import { authSlice } from '../lib/auth-slice';
import type { AppDispatch, SharedState } from '../lib/store-hooks';

const rootReducer = combineSlices(authSlice, userSlice, api);
export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;

// The hooks below app/ are typed without this file; a store that lost their state fails here.
type Satisfies<T extends U, U> = T;
export type CheckedState = Satisfies<RootState, SharedState>;
export type CheckedDispatch = Satisfies<AppStore['dispatch'], AppDispatch>;
