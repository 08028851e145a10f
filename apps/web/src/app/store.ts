// The Redux store: the auth and user slices of SPEC §3–4 and the one api slice's cache. makeStore
// builds a fresh one, so tests start from any state they need. Code below app/ uses the typed hooks
// of lib/store-hooks, whose state type this store must satisfy.
//
// Only the auth slice is there from the start: the user slice and the api cache (RTK Query, and
// the HTTP client behind it) are the shell's, injected when its code loads (./shell/shell-state),
// so the sign-in screen loads neither (docs/web-loading.md).
import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Reducer,
} from '@reduxjs/toolkit';
import type { api } from '../api/api-slice';
import { type AuthState, authReducer } from '../lib/auth-slice';
import type { AppDispatch, SharedState } from '../lib/store-hooks';
import type { UserState } from '../lib/user-state';

/** The shell's part of the state, there once ./shell/shell-state has been loaded and applied. */
export type ShellState = { user: UserState; api: ReturnType<typeof api.reducer> };

/** The root reducer; the shell injects its slices into it. */
export const rootReducer = combineSlices({ auth: authReducer }).withLazyLoadedSlices<ShellState>();
/** Middleware added later: the api cache's, with the shell. */
export const lateMiddleware = createDynamicMiddleware();

export type RootState = { auth: AuthState } & ShellState;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    // Typed with the shell's part: nothing reads it before the shell has added it (the shell
    // renders its screens only then, app/shell/shell-state.ts).
    reducer: rootReducer as Reducer<RootState>,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(lateMiddleware.middleware),
    // A browser extension would otherwise record every action of the built portal, tokens and
    // the PIN codes a site manager types included; development keeps it.
    devTools: import.meta.env.DEV,
  });
}

export type AppStore = ReturnType<typeof makeStore>;

// The hooks below app/ are typed without this file; a store that lost their state fails here.
type Satisfies<T extends U, U> = T;
export type CheckedState = Satisfies<RootState, SharedState>;
export type CheckedDispatch = Satisfies<AppStore['dispatch'], AppDispatch>;
