// The language is one setting (docs/accounts.md): signed in, the profile's language is the one
// shown — applied when the signed-in user is fetched and whenever the profile's language changes
// (saved on another device) — and a choice in the header's switch is saved to the profile.
import type { Language } from '@portal/contracts/domain';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentUserApi, useCurrentUserQuery } from '../../api/current-user';
import { currentLanguage } from '../../lib/i18n';

/** Returns what the header's language switch calls with the language chosen. */
export function useProfileLanguage(): (language: Language) => void {
  const { i18n } = useTranslation();
  const { data: user } = useCurrentUserQuery();
  const [updateCurrentUser] = currentUserApi.useUpdateCurrentUserMutation();
  // The profile language last applied, per user: a refetch that says the same changes nothing, so
  // a choice being saved is never undone by an answer from before it.
  const applied = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!user) return;
    const profile = `${user.id}:${user.language}`;
    if (applied.current === profile) return;
    applied.current = profile;
    if (user.language !== currentLanguage(i18n)) void i18n.changeLanguage(user.language);
  }, [user, i18n]);

  return useCallback(
    (language: Language) => {
      if (user && user.language !== language) void updateCurrentUser({ ...user, language });
    },
    [user, updateCurrentUser],
  );
}
