// The success message of a device screen: 'Successfully saved ID', 'Device successfully deleted'
// (SPEC §8) or how many devices an import added, closable.
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { DeviceNotice } from '../model/device-notice';

export function DeviceNoticeAlert({
  notice,
  onClose,
}: {
  notice: DeviceNotice | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('devices');
  if (!notice) return null;
  const title =
    notice.kind === 'imported'
      ? t('import.imported', {
          count: notice.count,
          formatted: formatNumber(notice.count, currentLanguage(i18n)),
        })
      : notice.kind === 'saved'
        ? t('messages.saved')
        : t('messages.deleted');
  return <Notice kind="success" title={title} onClose={onClose} />;
}
