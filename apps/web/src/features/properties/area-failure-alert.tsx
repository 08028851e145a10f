// The alert a failed area call leaves on screen: SPEC §8's message as the title ('Failed to create
// an area', 'Failed to update', 'Failed to delete'), or SPEC §6's permission message when the
// API refused the role, and the reason in words.
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import type { AreaFailure } from './area-failure';
import { formatAreaNumber } from './area-name';

export function AreaFailureAlert({
  failure,
  title,
  forbiddenTitle,
  onClose,
}: {
  failure: AreaFailure;
  /** SPEC §8's message for the action. */
  title: string;
  /** SPEC §6's message, shown instead when the API refused the caller's role. */
  forbiddenTitle: string;
  onClose?: () => void;
}) {
  const { t, i18n } = useTranslation('areas');
  const language = currentLanguage(i18n);

  function reasonText() {
    switch (failure.reason) {
      case 'forbidden':
        return t('messages.noPermissionText');
      case 'numberTaken':
        return t('messages.numberTaken');
      case 'numbersTaken': {
        if (failure.numbers.length === 0) return t('messages.someNumbersTaken');
        const numbers = failure.numbers
          .map((number) => formatAreaNumber(number, language))
          .join(', ');
        return failure.more
          ? t('messages.numbersTakenMore', { numbers })
          : t('messages.numbersTaken', { numbers });
      }
      case 'invalid':
        return t('messages.invalid');
      case 'notFound':
        return t('messages.gone');
      default:
        return t('messages.connection');
    }
  }

  return (
    <Alert
      color="red"
      role="alert"
      title={failure.reason === 'forbidden' ? forbiddenTitle : title}
      withCloseButton={onClose !== undefined}
      closeButtonLabel={t('messages.close')}
      onClose={onClose}
    >
      {reasonText()}
    </Alert>
  );
}
