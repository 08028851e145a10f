// The success message a device screen leaves for the next one: 'Successfully saved ID' on the new
// device's page, 'Device successfully deleted' and 'N devices added' (an import) on the area's
// devices (the list screen reads it with deviceNoticeIn). It travels in the router's location state and is taken out on arrival
// (lib/arrival-state), so going back or reloading does not announce it again.
import { stateField } from '../../../lib/arrival-state';

export type DeviceNotice =
  | { kind: 'saved' }
  | { kind: 'deleted' }
  | { kind: 'imported'; count: number };

const FIELD = 'deviceNotice';

/** The `state` to navigate with so the next screen shows `notice`. */
export const deviceNoticeState = (notice: DeviceNotice) => ({ [FIELD]: notice });

/** The notice a location state carries, if any: `useArrivalState(deviceNoticeIn)`. */
export function deviceNoticeIn(state: unknown): DeviceNotice | undefined {
  const notice = stateField(state, FIELD);
  return typeof notice === 'object' && notice !== null && 'kind' in notice
    ? (notice as DeviceNotice)
    : undefined;
}
