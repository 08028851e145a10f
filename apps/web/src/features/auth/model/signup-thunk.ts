// Completing an invitation or registration (DESIGN §4.2): POST /auth/signup/ answers like a
// sign-in, and the session is kept exactly as the login thunk keeps it (SPEC §3 keys, SPEC §4).
import type { LoginResponse, Signup } from '@portal/contracts/auth';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { loginSucceeded } from '../../../lib/auth-slice';
import {
  ACCESS_TOKEN_STORAGE_KEY,
  type ApiError,
  http,
  REFRESH_TOKEN_STORAGE_KEY,
  USER_ID_STORAGE_KEY,
} from '../../../lib/http';

/** Rejects with the API's error body (an invalid link, a weak password) and changes nothing. */
export const signup = createAsyncThunk<LoginResponse, Signup, { rejectValue: ApiError }>(
  'auth/signup',
  async (request, { dispatch, rejectWithValue }) => {
    try {
      const { data } = await http.post<LoginResponse>('/auth/signup/', request, {
        withoutSession: true,
      });
      localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, data.accessToken);
      localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, data.refreshToken);
      localStorage.setItem(USER_ID_STORAGE_KEY, data.id);
      dispatch(loginSucceeded(data.accessToken));
      return data;
    } catch (error) {
      return rejectWithValue(error as ApiError);
    }
  },
);
