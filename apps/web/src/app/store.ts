// The Redux store: the auth and user slices and the api slice's cache. makeStore builds a fresh
// one, so tests start from any state they need.
import { type Action, combineSlices, configureStore, type ThunkAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { authSlice } from '../features/auth/auth-slice';
import { api } from '../lib/api';
import { userSlice } from './user-slice';

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
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<ReturnValue = void> = ThunkAction<ReturnValue, RootState, unknown, Action>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
