// A failed preview or import that names no lines: the action's message as the title, SPEC §6's
// permission message for a refused role, and the reason in words (connection, server, gone).
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice';
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
  const reason = {
    tooLarge: t('import.tooLarge'),
    forbidden: t('messages.noPermissionText'),
    notFound: t('messages.gone'),
    connection: t('messages.connection'),
    other: t('messages.server'),
  }[failure.reason];
  return (
    <Notice
      kind="failure"
      title={failure.reason === 'forbidden' ? t('messages.noPermissionCreate') : title}
      onClose={onClose}
    >
      {reason}
    </Notice>
  );
}
