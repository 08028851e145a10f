// Typed store hooks for everything above lib/ (CONVENTIONS 8, `withTypes`). The state they know is
// the part features read directly — the auth and user slices of SPEC §3–4 — so the type needs no
// import of the api layer, the features or app/; app/store.ts checks that its store has this shape.
// The api cache is read through its endpoints' hooks (src/api).
import type { Action, ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { AuthState } from './auth-slice';
import type { UserState } from './user-state';

export type SharedState = { auth: AuthState; user: UserState };
export type AppDispatch = ThunkDispatch<SharedState, unknown, UnknownAction>;
export type AppThunk<ReturnValue = void> = ThunkAction<ReturnValue, SharedState, unknown, Action>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<SharedState>();
