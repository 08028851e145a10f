// A failed upload or delete (components/failure-alert): SPEC §8's message for the action as the
// title ('Error uploading the file', 'Failed to delete image'), SPEC §6's permission message for a
// refused role, and the reason in words.
import { MAX_IMAGE_UPLOAD_BYTES } from '@portal/contracts/images';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '../../../components/failure-alert';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { ImageFailure } from '../model/image-failure';

export const MAX_UPLOAD_MEGABYTES = MAX_IMAGE_UPLOAD_BYTES / (1024 * 1024);

export function ImageFailureAlert({
  failure,
  action,
  onClose,
}: {
  failure: ImageFailure;
  action: 'upload' | 'delete';
  onClose?: () => void;
}) {
  const { t, i18n } = useTranslation('images');
  const language = currentLanguage(i18n);
  return (
    <FailureAlert
      failure={failure}
      namespace="images"
      ownReason={(own) => {
        if (own.reason === 'unreadable') return t('messages.unreadable');
        if (own.reason === 'tooLarge')
          return t('messages.tooLarge', {
            megabytes: formatNumber(MAX_UPLOAD_MEGABYTES, language),
          });
        if (own.reason === 'full')
          return t('messages.full', { limit: formatNumber(own.limit, language) });
        if (own.reason === 'busy') return t('messages.busy');
        return undefined;
      }}
      title={action === 'upload' ? t('messages.uploadFailed') : t('messages.deleteFailed')}
      forbiddenTitle={
        action === 'upload' ? t('messages.noPermissionAdd') : t('messages.noPermissionDelete')
      }
      onClose={onClose}
    />
  );
}
