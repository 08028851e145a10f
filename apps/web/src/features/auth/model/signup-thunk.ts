// Completing an invitation or registration (DESIGN §4.2): POST /auth/signup/ answers like a
// sign-in, and the session is kept exactly as the login thunk keeps it (SPEC §3 keys, SPEC §4).
import type { LoginResponse, Signup } from '@portal/contracts/auth';
import { createAsyncThunk } from '@reduxjs/toolkit';
import { loginSucceeded } from '../../../lib/auth-slice';
import { type ApiError, http } from '../../../lib/http';
import { keepSession } from './auth-thunks';

/** Rejects with the API's error body (an invalid link, a weak password) and changes nothing. */
export const signup = createAsyncThunk<LoginResponse, Signup, { rejectValue: ApiError }>(
  'auth/signup',
  async (request, { dispatch, rejectWithValue }) => {
    try {
      const { data } = await http.post<LoginResponse>('/auth/signup/', request, {
        withoutSession: true,
      });
      dispatch(loginSucceeded(keepSession(data)));
      return data;
    } catch (error) {
      return rejectWithValue(error as ApiError);
    }
  },
);
