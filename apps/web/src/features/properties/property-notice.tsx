// The outcome messages of the property screens (SPEC §8), and the one a screen is handed when
// another sends the user to it: creating or editing ends on the overview, deleting on the list.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

export type PropertyNotice = 'created' | 'updated' | 'deleted';
/** What the router's location state carries from the screen that sent the user here. */
export type ArrivalState = { propertyNotice?: PropertyNotice };

/**
 * The notice handed over on arrival, kept while the screen is shown. The history entry is then
 * cleared, so a reload or coming back later does not announce the same success again.
 */
export function useArrivalNotice(): [PropertyNotice | undefined, () => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState(
    () => (location.state as ArrivalState | null)?.propertyNotice,
  );
  const hasState = location.state !== null && location.state !== undefined;
  useEffect(() => {
    if (hasState)
      void navigate(
        { pathname: location.pathname, search: location.search },
        { replace: true, state: null },
      );
  }, [hasState, navigate, location.pathname, location.search]);
  return [notice, () => setNotice(undefined)];
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
  const { t } = useTranslation('properties');
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

/** Fetching failed: SPEC §8's 'Something went wrong', what could not be had, and a retry. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('properties');
  return (
    <Alert color="red" role="alert" title={t('load.failed')}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{text}</Text>
        <Button variant="outline" color="red.9" size="xs" onClick={onRetry}>
          {t('load.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
