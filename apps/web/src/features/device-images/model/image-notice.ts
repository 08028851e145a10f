// The message an image screen leaves for the device's screen: 'File submitted!' after an upload,
// or, when a device was saved with a photo that then failed to upload, 'Error uploading the file'
// on the device's image screen, where the upload can be tried again. It travels in the router's
// location state and is taken out on arrival (lib/arrival-state).
import { stateField } from '../../../lib/arrival-state';

export type ImageNotice = { kind: 'uploaded' } | { kind: 'uploadFailed' };

const FIELD = 'imageNotice';

/** The `state` to navigate with so the next screen shows `notice`. */
export const imageNoticeState = (notice: ImageNotice) => ({ [FIELD]: notice });

/** The notice a location state carries, if any: `useArrivalState(imageNoticeIn)`. */
export function imageNoticeIn(state: unknown): ImageNotice | undefined {
  const notice = stateField(state, FIELD);
  return typeof notice === 'object' && notice !== null && 'kind' in notice
    ? (notice as ImageNotice)
    : undefined;
}
