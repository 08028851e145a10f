// The success message a screen leaves for the next one ('Area created' on the new area, 'Updated'
// on the area, 'Successfully deleted' on the list). It travels in the router's location state and
// is taken out on arrival (lib/arrival-state), so going back or reloading does not announce it
// again.
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice';
import { stateField } from '../../../lib/arrival-state';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

export type AreaNotice =
  | { kind: 'created'; count: number }
  | { kind: 'updated' }
  | { kind: 'deleted' };

/** The `state` to navigate with so the next screen shows `notice`. */
export const noticeState = (notice: AreaNotice) => ({ areaNotice: notice });

/** The notice a location state carries, if any. */
export function areaNoticeIn(state: unknown): AreaNotice | undefined {
  const notice = stateField(state, 'areaNotice');
  return typeof notice === 'object' && notice !== null && 'kind' in notice
    ? (notice as AreaNotice)
    : undefined;
}

export function AreaNoticeAlert({
  notice,
  onClose,
}: {
  notice: AreaNotice | undefined;
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
  return <Notice kind="success" title={title} onClose={onClose} />;
}
