// The outcome a PIN code change leaves on the device's screen ('added in slot 3'), carried there in
// the location state when the change was made on another screen (lib/arrival-state).
import { stateField } from '../../../lib/arrival-state';

export type PinNotice = { kind: 'added' | 'changed' | 'deleted' | 'resent'; slot: number };

const KEY = 'pinNotice';

export const pinNoticeState = (notice: PinNotice) => ({ [KEY]: notice });

export function pinNoticeIn(state: unknown): PinNotice | undefined {
  const notice = stateField(state, KEY) as PinNotice | undefined;
  return notice && typeof notice.slot === 'number' ? notice : undefined;
}
