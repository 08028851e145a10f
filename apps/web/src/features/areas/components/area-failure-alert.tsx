// The alert a failed area call leaves on screen: SPEC §8's message as the title ('Failed to create
// an area', 'Failed to update', 'Failed to delete'), or SPEC §6's permission message when the
// API refused the role, and the reason in words.
import { MAX_AREAS_PER_PROPERTY } from '@portal/contracts/areas';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../components/notice';
import { formatNumber } from '../../lib/format';
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
      case 'propertyFull':
        return t('messages.propertyFull', {
          max: formatNumber(MAX_AREAS_PER_PROPERTY, language),
        });
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
      case 'connection':
        return t('messages.connection');
      default:
        // A server failure (5xx), or an answer nothing else explains.
        return t('messages.server');
    }
  }

  return (
    <Notice
      kind="failure"
      title={failure.reason === 'forbidden' ? forbiddenTitle : title}
      onClose={onClose}
    >
      {reasonText()}
    </Notice>
  );
}
