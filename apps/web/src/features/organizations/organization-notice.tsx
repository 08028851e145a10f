// The outcome messages of the organization screens (SPEC §8), and the one a screen is handed when
// another sends the user to it (creating an organization ends on the list).
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/** What the router's location state carries from the screen that sent the user here. */
export type ArrivalState = { createdOrganization?: { id: string; name: string } };

/**
 * The state handed over on arrival, kept while the screen is shown. The history entry is then
 * cleared, so a reload or coming back later does not announce the same success again.
 */
export function useArrivalState(): [ArrivalState, () => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const [arrival, setArrival] = useState<ArrivalState>(
    () => (location.state as ArrivalState | null) ?? {},
  );
  const hasState = location.state !== null && location.state !== undefined;
  useEffect(() => {
    if (hasState)
      void navigate(
        { pathname: location.pathname, search: location.search },
        { replace: true, state: null },
      );
  }, [hasState, navigate, location.pathname, location.search]);
  return [arrival, () => setArrival({})];
}

/** A success (role status) or a failure (role alert), closable. */
export function Notice({
  kind,
  title,
  onClose,
  children,
}: {
  kind: 'success' | 'failure';
  title: string;
  onClose?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('organizations');
  const success = kind === 'success';
  return (
    <Alert
      variant={success ? 'outline' : 'light'}
      color={success ? 'teal.9' : 'red'}
      role={success ? 'status' : 'alert'}
      title={title}
      withCloseButton={onClose !== undefined}
      closeButtonLabel={t('close')}
      onClose={onClose}
    >
      {children}
    </Alert>
  );
}
