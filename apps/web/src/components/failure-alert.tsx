// The alert a failed change leaves on screen: SPEC §8's message for the action as the title ('Failed
// to delete', 'Could not save ID'), or SPEC §6's permission message when the API refused the
// caller's role, and the reason in words. The common reasons are worded by the feature's catalogue
// (each says who may do what there); a feature's own kinds of failure bring their own words.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallFailure } from '../lib/call-failure';
import { useErrorText } from '../lib/error-text';
import { Notice } from './notice';

/** The catalogues whose `messages` word the common reasons. */
type FeatureNamespace = 'areas' | 'devices' | 'images' | 'pinCodes' | 'prices' | 'wifi' | 'exports';

export function FailureAlert<Failure extends { reason: string }>({
  failure,
  namespace,
  ownReason,
  title,
  forbiddenTitle,
  onClose,
}: {
  failure: Failure | CallFailure;
  namespace: FeatureNamespace;
  /** The words for a failure of the feature's own kinds; undefined for the common ones. */
  ownReason?: (failure: Failure) => ReactNode | undefined;
  /** SPEC §8's message for the action. */
  title: string;
  /** SPEC §6's message, shown instead when the API refused the caller's role. */
  forbiddenTitle: string;
  onClose?: () => void;
}) {
  const { t } = useTranslation(namespace);
  const errorText = useErrorText();

  function reasonText(): ReactNode {
    switch (failure.reason) {
      case 'coded':
        return errorText((failure as Extract<CallFailure, { reason: 'coded' }>).message);
      case 'forbidden':
        return t('messages.noPermissionText');
      case 'invalid':
        return t('messages.invalid');
      case 'notFound':
        return t('messages.gone');
      case 'connection':
        return t('messages.connection');
      case 'other':
        // A server failure (5xx), or an answer nothing else explains.
        return t('messages.server');
      default:
        return ownReason?.(failure as Failure) ?? t('messages.server');
    }
  }

  return (
    <Notice
      kind="failure"
      title={failure.reason === 'forbidden' ? forbiddenTitle : title}
      onClose={onClose}
    >
      {reasonText()}
    </Notice>
  );
}
