// The success message of a device screen: 'Successfully saved ID' or 'Device successfully
// deleted' (SPEC §8), closable.
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice';
import type { DeviceNotice } from '../model/device-notice';

export function DeviceNoticeAlert({
  notice,
  onClose,
}: {
  notice: DeviceNotice | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('devices');
  if (!notice) return null;
  const title = notice.kind === 'saved' ? t('messages.saved') : t('messages.deleted');
  return <Notice kind="success" title={title} onClose={onClose} />;
}
