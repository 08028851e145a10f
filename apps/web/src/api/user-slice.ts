// The user state of SPEC §3–4: creating (inviting or registering), updating and fetching a user,
// each with its own user, error and success message. The thunks are SPEC §4's; what they change
// elsewhere they tell the cache here (an invitation: the member lists; an update: the current
// user), and the fetchUser part follows the current-user endpoint the screens read
// (docs/architecture.md, 'The signed-in user').
import type { CreateUser, UpdateUser, User } from '@portal/contracts/users';
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { logout } from '../lib/auth-slice';
import { type ApiError, http } from '../lib/http';
import { initialUserState } from '../lib/user-state';
import { api } from './api-slice';
import { currentUserApi } from './current-user';
import { MEMBERSHIP_TAGS } from './organization-users';
import { TAG } from './tags';

export type { UserRequestState, UserState } from '../lib/user-state';
export { initialUserState };

/** SPEC §8: the server error text that means the e-mail address is already registered. */
export const USER_EXISTS_MESSAGE = 'Conflict, already exists.';

export const userMessages = {
  submitted: 'user.submitted',
  updated: 'user.updated',
  exists: 'user.exist',
  failed: 'user.failed',
  fetchFailed: 'Failed to fetch user',
} as const;

/** Whole user object of SPEC §3; the address also names the user in the path. */
export type UpdateUserRequest = UpdateUser & { email: string };

/** The http client rejects with the API's error body; anything else is passed on as is. */
const asApiError = (error: unknown) => error as ApiError;

/** POST /user/ {email}: invites (signed-in site manager) or registers a visitor. */
export const createUser = createAsyncThunk<User, CreateUser, { rejectValue: ApiError }>(
  'user/createUser',
  async (request, { dispatch, rejectWithValue }) => {
    try {
      const response = await http.post<{ user: User }>('/user/', request);
      // An invited address shows as pending in its organization's members and counts.
      dispatch(api.util.invalidateTags(MEMBERSHIP_TAGS));
      return response.data.user;
    } catch (error) {
      return rejectWithValue(asApiError(error));
    }
  },
);

/** PUT /user/{email} with the whole user object. */
export const updateUser = createAsyncThunk<User, UpdateUserRequest, { rejectValue: ApiError }>(
  'user/updateUser',
  async (user, { dispatch, rejectWithValue }) => {
    try {
      const response = await http.put<{ user: User }>(
        `/user/${encodeURIComponent(user.email)}`,
        user,
      );
      // The signed-in user is fetched again, so every screen shows the saved details.
      dispatch(api.util.invalidateTags([TAG.currentUser]));
      return response.data.user;
    } catch (error) {
      return rejectWithValue(asApiError(error));
    }
  },
);

/** GET /user/{id}: the answer is the user object itself. */
export const fetchUser = createAsyncThunk<User, string, { rejectValue: ApiError }>(
  'user/fetchUser',
  async (id, { rejectWithValue }) => {
    try {
      const response = await http.get<User>(`/user/${encodeURIComponent(id)}`);
      return response.data;
    } catch (error) {
      return rejectWithValue(asApiError(error));
    }
  },
);

export const userSlice = createSlice({
  name: 'user',
  initialState: initialUserState,
  reducers: {
    resetCreateUserMessages: (state) => {
      state.createUser.error = '';
      state.createUser.success = '';
    },
    resetUpdateUserMessages: (state) => {
      state.updateUser.error = '';
      state.updateUser.success = '';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(createUser.fulfilled, (state, action) => {
        state.createUser.user = action.payload;
        state.createUser.success = userMessages.submitted;
        state.createUser.error = '';
      })
      .addCase(createUser.rejected, (state, action) => {
        state.createUser.error =
          action.payload?.message === USER_EXISTS_MESSAGE
            ? userMessages.exists
            : userMessages.failed;
        state.createUser.success = '';
      })
      .addCase(updateUser.fulfilled, (state, action) => {
        state.updateUser.user = action.payload;
        state.updateUser.success = userMessages.updated;
        state.updateUser.error = '';
      })
      .addCase(updateUser.rejected, (state) => {
        state.updateUser.error = userMessages.failed;
        state.updateUser.success = '';
      })
      .addCase(fetchUser.fulfilled, (state, action) => {
        state.fetchUser.user = action.payload;
        state.fetchUser.error = '';
      })
      .addCase(fetchUser.rejected, (state) => {
        state.fetchUser.error = userMessages.fetchFailed;
        state.fetchUser.user = null;
      })
      .addCase(logout, () => initialUserState())
      // The screens read the signed-in user from the api cache; this part keeps SPEC §4's view
      // of the same answers.
      .addMatcher(currentUserApi.endpoints.getCurrentUser.matchFulfilled, (state, action) => {
        state.fetchUser.user = action.payload;
        state.fetchUser.error = '';
      })
      .addMatcher(currentUserApi.endpoints.getCurrentUser.matchRejected, (state, action) => {
        // A request given up because another was already under way is no failure.
        if (action.meta.condition) return;
        state.fetchUser.error = userMessages.fetchFailed;
        state.fetchUser.user = null;
      });
  },
});

export const { resetCreateUserMessages, resetUpdateUserMessages } = userSlice.actions;
