// An outcome message (SPEC §8): a success (role status) or a failure (role alert), closable.
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function Notice({
  kind,
  title,
  onClose,
  children,
}: {
  kind: 'success' | 'failure';
  title: string;
  /** Given, the notice has a close button. */
  onClose?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const success = kind === 'success';
  return (
    <Alert
      variant={success ? 'outline' : 'light'}
      color={success ? 'teal.9' : 'red'}
      role={success ? 'status' : 'alert'}
      title={title}
      withCloseButton={onClose !== undefined}
      closeButtonLabel={t('common.close')}
      onClose={onClose}
    >
      {children}
    </Alert>
  );
}
