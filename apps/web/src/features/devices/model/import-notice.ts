// The message the device import leaves for the area's devices ('12 enheter har lagts till'). It
// travels in the router's location state and is taken out on arrival (lib/arrival-state), so going
// back or reloading does not announce it again. The list reads it with
// `useArrivalState(importNoticeIn)` and shows it with components/import-notice-alert.
import { stateField } from '../../../lib/arrival-state';

export type ImportNotice = { kind: 'imported'; count: number };

const KEY = 'deviceImportNotice';

/** The `state` to navigate with so the area's devices say how many were added. */
export const importNoticeState = (count: number) => ({
  [KEY]: { kind: 'imported', count } satisfies ImportNotice,
});

/** The notice a location state carries, if any. */
export function importNoticeIn(state: unknown): ImportNotice | undefined {
  const notice = stateField(state, KEY);
  return typeof notice === 'object' &&
    notice !== null &&
    (notice as ImportNotice).kind === 'imported' &&
    typeof (notice as ImportNotice).count === 'number'
    ? (notice as ImportNotice)
    : undefined;
}
