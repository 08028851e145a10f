// Listing, creating, changing, moving and deleting the properties of the caller's organizations
// (DESIGN §4.2, §5).
import type {
  CreatePropertySchema,
  Property,
  PropertyListQuerySchema,
  UpdatePropertySchema,
} from '@portal/contracts/properties';
import { z } from 'zod';
import { ORGANIZATION_NOT_FOUND, PROPERTY_NOT_FOUND } from '../../access/not-found';
import { authorize, authorizeIn } from '../../access/policies';
import { lockMembership, roleIn } from '../../access/tenancy';
import type { AppContext } from '../../context';
import type { PortalTransaction, Queryable } from '../../db/client';
import { isForeignKeyViolation, notFound } from '../../errors';
import { evaluatePropertyAlerts } from '../alerts/alert-rules';
import type { AccessClaims } from '../auth/tokens';
import { cursorParts, decodeCursor, pageOf, type SortKey } from '../paging';
import { rebuildLocalRollups } from '../telemetry/rollups';
import {
  countAreasAndDevices,
  deleteProperty,
  findProperty,
  insertProperty,
  listProperties,
  updateProperty,
} from './properties.repository';
import { countsByProperty, presentProperty } from './property-presenter';

/** The property as the API shows it, or undefined outside the caller's organizations. One query
 * after the other, as inside a transaction they must be. */
async function presentStored(db: Queryable, userId: string, id: string) {
  const row = await findProperty(db, id, userId);
  if (!row) return undefined;
  return presentProperty(row, countsByProperty(await countAreasAndDevices(db, userId, [id])));
}

/** A cursor of the property list: the last property's name and id. */
const PROPERTY_CURSOR = z.tuple([cursorParts.text, cursorParts.uuid]);

export class PropertiesService {
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.database.db;
  }

  /**
   * One page of the caller's properties, and the sort key the next page starts after. A filter
   * naming an organization that is not the caller's answers 404 like any other id.
   */
  async list(
    caller: AccessClaims,
    query: z.output<typeof PropertyListQuerySchema>,
  ): Promise<{ properties: Property[]; nextKey: SortKey | undefined }> {
    const after = query.cursor ? decodeCursor(query.cursor, PROPERTY_CURSOR) : undefined;
    const { organizationId } = query;
    if (organizationId && !(await roleIn(this.db, caller.userId, organizationId)))
      throw notFound(ORGANIZATION_NOT_FOUND);
    const rows = await listProperties(this.db, caller.userId, {
      organizationId,
      search: query.q,
      withOpenAlerts: query.alerts === 'open',
      after,
      limit: query.limit + 1,
    });
    const page = pageOf(rows, query.limit, (row) => [row.name, row.id]);
    // One grouped count for the page's properties, never one per property.
    const propertyIds = page.rows.map((row) => row.id);
    const counts = countsByProperty(
      propertyIds.length > 0 ? await countAreasAndDevices(this.db, caller.userId, propertyIds) : [],
    );
    return {
      properties: page.rows.map((row) => presentProperty(row, counts)),
      nextKey: page.nextKey,
    };
  }

  async get(caller: AccessClaims, id: string): Promise<Property> {
    const property = await presentStored(this.db, caller.userId, id);
    if (!property) throw notFound(PROPERTY_NOT_FOUND);
    return property;
  }

  async create(
    caller: AccessClaims,
    input: z.output<typeof CreatePropertySchema>,
  ): Promise<Property> {
    return this.writeIntoOrganization(async (transaction) => {
      authorize(
        await memberRoleUntilCommit(transaction, caller, input.organizationId),
        'property.create',
      );
      const created = await insertProperty(transaction, input);
      return readBack(transaction, caller, created.id);
    });
  }

  /** The whole property; a new organizationId moves it (and its areas) to another of the
   * caller's organizations. */
  async update(
    caller: AccessClaims,
    id: string,
    input: z.output<typeof UpdatePropertySchema>,
  ): Promise<Property> {
    return this.writeIntoOrganization(async (transaction) => {
      const current = await findProperty(transaction, id, caller.userId);
      if (!current) throw notFound(PROPERTY_NOT_FOUND);
      await authorizeIn(
        transaction,
        caller,
        current.organizationId,
        'property.change',
        PROPERTY_NOT_FOUND,
      );
      // Moving it is changing the organization it goes to as well.
      if (input.organizationId !== current.organizationId)
        authorize(
          await memberRoleUntilCommit(transaction, caller, input.organizationId),
          'property.change',
        );
      if (!(await updateProperty(transaction, id, caller.userId, input)))
        throw notFound(PROPERTY_NOT_FOUND);
      // Days and months are local to the property's time zone: another zone regroups its meters'
      // hourly use into other days (one statement each, in this transaction).
      if (input.timeZone !== current.timeZone) await rebuildLocalRollups(transaction, id);
      // A new offline threshold or time zone (the leak rule's nights) counts at once, not at the
      // alert job's next run: the answer, and the alerts read after it, already follow it.
      if (
        input.offlineAfterMinutes !== current.offlineAfterMinutes ||
        input.timeZone !== current.timeZone
      )
        await evaluatePropertyAlerts(transaction, new Date(), id);
      return readBack(transaction, caller, id);
    });
  }

  async delete(caller: AccessClaims, id: string) {
    await this.db.transaction(async (transaction) => {
      const property = await findProperty(transaction, id, caller.userId);
      if (!property) throw notFound(PROPERTY_NOT_FOUND);
      await authorizeIn(
        transaction,
        caller,
        property.organizationId,
        'property.change',
        PROPERTY_NOT_FOUND,
      );
      if (!(await deleteProperty(transaction, id, caller.userId)))
        throw notFound(PROPERTY_NOT_FOUND);
    });
  }

  /**
   * A write naming an organization, in one transaction with the membership it relies on. The
   * locked membership keeps the organization in place; should its row be gone all the same, the
   * foreign key refuses the write, and that is the same 404.
   */
  private async writeIntoOrganization(
    write: (transaction: PortalTransaction) => Promise<Property>,
  ): Promise<Property> {
    try {
      return await this.db.transaction(write);
    } catch (error) {
      throw isForeignKeyViolation(error) ? notFound(ORGANIZATION_NOT_FOUND) : error;
    }
  }
}

/** The caller belongs to the organization, and stays in it until the transaction ends. */
/** The caller's role in the organization, its membership held until commit; 404 outside it. */
async function memberRoleUntilCommit(
  transaction: PortalTransaction,
  caller: AccessClaims,
  organizationId: string,
) {
  const role = await lockMembership(transaction, caller.userId, organizationId);
  if (!role) throw notFound(ORGANIZATION_NOT_FOUND);
  return role;
}

async function readBack(transaction: PortalTransaction, caller: AccessClaims, id: string) {
  const property = await presentStored(transaction, caller.userId, id);
  if (!property) throw new Error('the property written could not be read back');
  return property;
}
