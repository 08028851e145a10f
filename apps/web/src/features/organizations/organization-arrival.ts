// What the organization screens hand the next one in the router's location state: creating an
// organization ends on the list, which greets it (lib/arrival-state clears it on arrival).
import { stateField } from '../../lib/arrival-state';

export type CreatedOrganization = { id: string; name: string };
/** The location state to navigate to the list with. */
export type ArrivalState = { createdOrganization?: CreatedOrganization };

/** The organization just created, if the state carries one. */
export function createdOrganizationIn(state: unknown): CreatedOrganization | undefined {
  const created = stateField(state, 'createdOrganization');
  return typeof created === 'object' && created !== null && 'id' in created && 'name' in created
    ? (created as CreatedOrganization)
    : undefined;
}
