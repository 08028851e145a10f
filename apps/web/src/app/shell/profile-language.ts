// The language is one setting (docs/accounts.md): signing in shows the profile's language (the
// sign-in screen applies it), and while signed in a choice in the header's switch is saved to the
// profile, so the next sign-in, on any browser, starts in it.
import type { Language } from '@portal/contracts/domain';
import { useCallback } from 'react';
import { currentUserApi, useCurrentUserQuery } from '../../api/current-user';

/** Returns what the header's language switch calls with the language chosen. */
export function useProfileLanguage(): (language: Language) => void {
  const { data: user } = useCurrentUserQuery();
  const [updateCurrentUser] = currentUserApi.useUpdateCurrentUserMutation();
  return useCallback(
    (language: Language) => {
      if (user && user.language !== language) void updateCurrentUser({ ...user, language });
    },
    [user, updateCurrentUser],
  );
}
