// The success message a screen leaves for the next one ('Area created' on the new area, 'Updated'
// on the area, 'Successfully deleted' on the list). It travels in the router's history state and
// is taken out on arrival, so going back or reloading does not announce it again.
import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { formatNumber } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';

export type AreaNotice =
  | { kind: 'created'; count: number }
  | { kind: 'updated' }
  | { kind: 'deleted' };

/** The `state` to navigate with so the next screen shows `notice`. */
export const noticeState = (notice: AreaNotice) => ({ areaNotice: notice });

function noticeIn(state: unknown): AreaNotice | null {
  if (typeof state !== 'object' || state === null || !('areaNotice' in state)) return null;
  const notice = (state as { areaNotice: unknown }).areaNotice;
  return typeof notice === 'object' && notice !== null && 'kind' in notice
    ? (notice as AreaNotice)
    : null;
}

/** The notice this screen was opened with, and a way to dismiss it. */
export function useArrivalNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState(() => noticeIn(location.state));
  const carriesNotice = noticeIn(location.state) !== null;

  useEffect(() => {
    if (!carriesNotice) return;
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  }, [carriesNotice, navigate, location.pathname, location.search, location.hash]);

  return [notice, () => setNotice(null)] as const;
}

export function AreaNoticeAlert({
  notice,
  onClose,
}: {
  notice: AreaNotice | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('areas');
  if (!notice) return null;
  const title =
    notice.kind === 'created'
      ? t('messages.created', {
          count: notice.count,
          formatted: formatNumber(notice.count, currentLanguage(i18n)),
        })
      : notice.kind === 'updated'
        ? t('messages.updated')
        : t('messages.deleted');
  return (
    <Alert
      variant="outline"
      color="teal.9"
      role="status"
      title={title}
      withCloseButton
      closeButtonLabel={t('messages.close')}
      onClose={onClose}
    />
  );
}
