// The alert a failed device call leaves on screen (components/failure-alert): SPEC §8's message as
// the title ('Could not save ID', 'Failed to delete device'), or SPEC §6's permission message, and
// the reason — the device's own codes among them.
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import type { DeviceFailure } from '../model/device-failure';

export function DeviceFailureAlert(props: {
  failure: DeviceFailure;
  title: string;
  forbiddenTitle: string;
  onClose?: () => void;
}) {
  const { t } = useTranslation('devices');
  return (
    <FailureAlert
      {...props}
      namespace="devices"
      ownReason={(failure) => {
        switch (failure.reason) {
          case 'idMismatch':
            return t('messages.idMismatch');
          case 'missingId':
            return t('messages.missingId');
          case 'idTaken':
            return t('form.idTaken');
          default:
            return undefined;
        }
      }}
    />
  );
}
