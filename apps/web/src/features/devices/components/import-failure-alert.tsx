// A failed preview or import that names no lines (components/failure-alert): the action's message
// as the title, SPEC §6's permission message for a refused role, and the reason in words — a file
// too large among them.
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import type { ImportFailure } from '../model/import-failure';

export function ImportFailureAlert({
  failure,
  title,
  onClose,
}: {
  failure: Exclude<ImportFailure, { reason: 'problems' }>;
  /** The action's message: the file could not be checked, or the devices not added. */
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('devices');
  return (
    <FailureAlert
      failure={failure}
      namespace="devices"
      ownReason={(own) => (own.reason === 'tooLarge' ? t('import.tooLarge') : undefined)}
      title={title}
      forbiddenTitle={t('messages.noPermissionCreate')}
      onClose={onClose}
    />
  );
}
