// The shape of SPEC §3's user state (three parts: createUser, updateUser, fetchUser, each with
// user, error and success). Declared here, below the api layer whose slice fills it
// (api/user-slice.ts), so lib/store-hooks can type the store without importing that layer.
import type { User } from '@portal/contracts/users';

export type UserRequestState = {
  user: User | null;
  /** A translation key (create, update) or the fetch failure text of SPEC §8. */
  error: string;
  /** A translation key. */
  success: string;
};

export type UserState = {
  createUser: UserRequestState;
  updateUser: UserRequestState;
  fetchUser: UserRequestState;
};

const emptyRequest = (): UserRequestState => ({ user: null, error: '', success: '' });

export const initialUserState = (): UserState => ({
  createUser: emptyRequest(),
  updateUser: emptyRequest(),
  fetchUser: emptyRequest(),
});
