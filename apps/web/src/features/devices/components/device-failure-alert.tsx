// The alert a failed device call leaves on screen: SPEC §8's message as the title ('Could not save
// ID', 'Failed to delete device'), or SPEC §6's permission message when the API refused the role,
// and the reason in words (the API's code through the errors catalogue where it has one).
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice';
import { useErrorText } from '../../../lib/api-errors';
import type { DeviceFailure } from '../model/device-failure';

export function DeviceFailureAlert({
  failure,
  title,
  forbiddenTitle,
  onClose,
}: {
  failure: DeviceFailure;
  title: string;
  forbiddenTitle: string;
  onClose?: () => void;
}) {
  const { t } = useTranslation('devices');
  const errorText = useErrorText();

  function reasonText() {
    switch (failure.reason) {
      case 'coded':
        return errorText(failure.message);
      case 'idMismatch':
        return t('messages.idMismatch');
      case 'missingId':
        return t('messages.missingId');
      case 'idTaken':
        return t('form.idTaken');
      case 'forbidden':
        return t('messages.noPermissionText');
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
