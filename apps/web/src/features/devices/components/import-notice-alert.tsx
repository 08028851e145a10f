// 'N devices added' on the area's devices after an import (model/import-notice carries it there).
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { ImportNotice } from '../model/import-notice';

export function ImportNoticeAlert({
  notice,
  onClose,
}: {
  notice: ImportNotice | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('devices');
  if (!notice) return null;
  const title = t('import.imported', {
    count: notice.count,
    formatted: formatNumber(notice.count, currentLanguage(i18n)),
  });
  return <Notice kind="success" title={title} onClose={onClose} />;
}
