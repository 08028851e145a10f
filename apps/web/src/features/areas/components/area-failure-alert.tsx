// The alert a failed area call leaves on screen (components/failure-alert): SPEC §8's message as
// the title ('Failed to create an area', 'Failed to update', 'Failed to delete'), or SPEC §6's
// permission message, and the reason — an area's number taken among them.
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import type { AreaFailure } from '../model/area-failure';

export function AreaFailureAlert(props: {
  failure: AreaFailure;
  title: string;
  forbiddenTitle: string;
  onClose?: () => void;
}) {
  const { t } = useTranslation('areas');
  return (
    <FailureAlert
      {...props}
      namespace="areas"
      ownReason={(failure) =>
        failure.reason === 'numberTaken' ? t('messages.numberTaken') : undefined
      }
    />
  );
}
