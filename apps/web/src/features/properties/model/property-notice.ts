// The message a property screen hands the next in the router's location state: creating or
// editing ends on the overview, deleting on the list (lib/arrival-state clears it on arrival).
import { stateField } from '../../../lib/arrival-state';

const PROPERTY_NOTICES = ['created', 'updated', 'deleted'] as const;
export type PropertyNotice = (typeof PROPERTY_NOTICES)[number];
/** The location state to navigate with so the next screen shows the notice. */
export type ArrivalState = { propertyNotice?: PropertyNotice };

/** The notice a location state carries, if any. */
export function propertyNoticeIn(state: unknown): PropertyNotice | undefined {
  const notice = stateField(state, 'propertyNotice');
  return PROPERTY_NOTICES.find((known) => known === notice);
}
