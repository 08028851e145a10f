// The alert a failed area call leaves on screen: SPEC §8's message as the title ('Failed to create
// an area', 'Failed to update', 'Failed to delete'), or SPEC §6's permission message when the
// API refused the role, and the reason in words.
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice';
import { useErrorText } from '../../../lib/api-errors';
import type { AreaFailure } from '../model/area-failure';

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
  const { t } = useTranslation('areas');
  const errorText = useErrorText();

  function reasonText() {
    switch (failure.reason) {
      case 'coded':
        return errorText(failure.message);
      case 'forbidden':
        return t('messages.noPermissionText');
      case 'numberTaken':
        return t('messages.numberTaken');
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
