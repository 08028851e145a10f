// The alert a failed PIN code call leaves on screen: SPEC §8's message for the action as the
// title, or the permission message when the API refused the caller's role, and the reason.
import { FailureAlert } from '../../../components/failure-alert';
import type { CallFailure } from '../../../lib/call-failure';

export function PinFailureAlert(props: {
  failure: CallFailure;
  title: string;
  forbiddenTitle: string;
  onClose?: () => void;
}) {
  return <FailureAlert {...props} namespace="pinCodes" />;
}
