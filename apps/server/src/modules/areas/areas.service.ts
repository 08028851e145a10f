// Listing, creating (one or a numbered range), changing and deleting the areas of the caller's
// properties (DESIGN §4.2, §5).

import {
  type Area,
  type AreaListQuerySchema,
  type CreateAreaSchema,
  type CreateAreasSchema,
  MAX_AREAS_PER_PROPERTY,
  TOO_MANY_AREAS_MESSAGE,
  type UpdateAreaSchema,
} from '@portal/contracts/areas';
import { ErrorCode } from '@portal/contracts/errors';
import { z } from 'zod';
import { AREA_NOT_FOUND, PROPERTY_NOT_FOUND } from '../../access/not-found';
import { authorize, authorizeIn } from '../../access/policies';
import { roleIn } from '../../access/tenancy';
import type { AppContext } from '../../context';
import type { PortalTransaction, Queryable } from '../../db/client';
import { accountGone, conflict, isUniqueViolation, notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import {
  insertLogEntries,
  listAreaDevices,
  lockAreaForDevices,
} from '../devices/devices.repository';
import { cursorParts, decodeCursor, pageOf, type SortKey } from '../paging';
import { findProperty, lockPropertyForChildren } from '../properties/properties.repository';
import { findUserById } from '../users/users.repository';
import { presentArea } from './area-presenter';
import {
  type AreaFields,
  countPropertyAreas,
  deleteArea,
  findArea,
  insertAreas,
  listAreas,
  takenNumbers,
  updateArea,
} from './areas.repository';

/** A cursor of the area list: the last area's type position, number key, name and id. */
const AREA_CURSOR = z.tuple([
  cursorParts.integer,
  cursorParts.integer,
  cursorParts.text,
  cursorParts.uuid,
]);

const NUMBER_TAKEN = 'An area with this number already exists.';
/** Enough to see the overlap; a whole range of 500 would not help anyone read the message. */
const LISTED_NUMBERS = 20;
/** The most numbers AREA_NUMBERS_TAKEN's details carry (error-codes.ts). */
const DETAILED_NUMBERS = 100;

/** The web app reads the numbers after the colon, so nothing else there may be a number. */
export function takenNumbersMessage(numbers: number[]) {
  const listed = numbers.slice(0, LISTED_NUMBERS).join(', ');
  return numbers.length > LISTED_NUMBERS
    ? `Areas with these numbers already exist: ${listed}, …`
    : `Areas with these numbers already exist: ${listed}.`;
}

type Range = { from: number; to: number };

/** 409 AREA_NUMBERS_TAKEN: the numbers, for the client to list in its own words. */
function numbersTaken(numbers: number[], message = NUMBER_TAKEN) {
  return conflict(message, ErrorCode.areaNumbersTaken, {
    numbers: numbers.slice(0, DETAILED_NUMBERS),
    more: numbers.length > DETAILED_NUMBERS,
  });
}

const propertyFull = () =>
  conflict(TOO_MANY_AREAS_MESSAGE, ErrorCode.propertyFull, { limit: MAX_AREAS_PER_PROPERTY });

export class AreasService {
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.database.db;
  }

  /** One page of the property's areas, and the sort key the next page starts after. */
  async list(
    caller: AccessClaims,
    propertyId: string,
    query: z.output<typeof AreaListQuerySchema>,
  ): Promise<{ areas: Area[]; nextKey: SortKey | undefined }> {
    const after = query.cursor ? decodeCursor(query.cursor, AREA_CURSOR) : undefined;
    if (!(await findProperty(this.db, propertyId, caller.userId)))
      throw notFound(PROPERTY_NOT_FOUND);
    const rows = await listAreas(this.db, propertyId, caller.userId, {
      areaType: query.type,
      search: query.q,
      after,
      limit: query.limit + 1,
    });
    const page = pageOf(rows, query.limit, (row) => row.sortKey);
    return { areas: page.rows.map(presentArea), nextKey: page.nextKey };
  }

  async get(caller: AccessClaims, id: string): Promise<Area> {
    const row = await findArea(this.db, id, caller.userId);
    if (!row) throw notFound(AREA_NOT_FOUND);
    return presentArea(row);
  }

  /** 404 outside the caller's organizations, 403 unless they manage the area's; in the change's
   * transaction (policies.ts authorizeIn). */
  private async authorizeChange(transaction: PortalTransaction, caller: AccessClaims, id: string) {
    const row = await findArea(transaction, id, caller.userId);
    if (!row) throw notFound(AREA_NOT_FOUND);
    await authorizeIn(transaction, caller, row.organizationId, 'area.change', AREA_NOT_FOUND);
  }

  async create(
    caller: AccessClaims,
    propertyId: string,
    input: z.output<typeof CreateAreaSchema>,
  ): Promise<Area> {
    const [created] = await this.add(caller, propertyId, [input]);
    if (!created) throw new Error('insert returned no row');
    return presentArea(created);
  }

  /** One area per number from `from` to `to` inclusive, all or none (DESIGN §5); the contract
   * has already refused an empty or too long range. */
  async createRange(
    caller: AccessClaims,
    propertyId: string,
    input: z.output<typeof CreateAreasSchema>,
  ): Promise<Area[]> {
    const prefix = input.namePrefix.trimStart();
    const fields: AreaFields[] = [];
    for (let number = input.from; number <= input.to; number++) {
      fields.push({
        areaType: input.areaType,
        number,
        name: prefix ? `${prefix}${number}` : '',
        floorArea: input.floorArea,
      });
    }
    return (await this.add(caller, propertyId, fields, input)).map(presentArea);
  }

  async update(
    caller: AccessClaims,
    id: string,
    input: z.output<typeof UpdateAreaSchema>,
  ): Promise<Area> {
    const updated = await this.db
      .transaction(async (transaction) => {
        await this.authorizeChange(transaction, caller, id);
        return updateArea(transaction, id, caller.userId, input);
      })
      .catch((error) => {
        throw isUniqueViolation(error) && input.number !== null
          ? numbersTaken([input.number])
          : error;
      });
    if (!updated) throw notFound(AREA_NOT_FOUND);
    return presentArea(updated);
  }

  async delete(caller: AccessClaims, id: string) {
    await this.db.transaction(async (transaction) => {
      await this.authorizeChange(transaction, caller, id);
      // Its devices go with it (the foreign key cascades): each gets its 'deleted' entry in the
      // property's device log (DESIGN §5), the area held so none is added meanwhile.
      if (!(await lockAreaForDevices(transaction, id, caller.userId)))
        throw notFound(AREA_NOT_FOUND);
      const going = await listAreaDevices(transaction, id, caller.userId);
      if (going.length > 0) {
        const author = await findUserById(transaction, caller.userId);
        if (!author) throw accountGone();
        await insertLogEntries(transaction, going, 'deleted', author);
      }
      if (!(await deleteArea(transaction, id, caller.userId))) throw notFound(AREA_NOT_FOUND);
    });
  }

  /**
   * Adds areas to a property in one transaction that holds the property in place (it cannot move
   * to another organization or vanish meanwhile) and keeps other additions to it waiting, so the
   * count checked against MAX_AREAS_PER_PROPERTY holds until commit. A range is checked for numbers
   * in use first, to name them; the unique index still decides when an area being changed takes
   * one of them at the same moment (changes do not wait for the property).
   */
  private async add(caller: AccessClaims, propertyId: string, fields: AreaFields[], range?: Range) {
    try {
      return await this.db.transaction(async (transaction) => {
        const property = await lockPropertyForChildren(transaction, propertyId, caller.userId);
        if (!property) throw notFound(PROPERTY_NOT_FOUND);
        // Read, not held: holding the membership after the property would take the two in the
        // other order than deleting the organization does (organizations.repository.ts). A role
        // change committing in this instant may let this one addition through.
        authorize(await roleIn(transaction, caller.userId, property.organizationId), 'area.create');
        const existing = await countPropertyAreas(transaction, propertyId, caller.userId);
        if (existing + fields.length > MAX_AREAS_PER_PROPERTY) throw propertyFull();
        if (range) await this.refuseTakenNumbers(transaction, caller, propertyId, range);
        return insertAreas(
          transaction,
          fields.map((area) => ({ ...area, propertyId, organizationId: property.organizationId })),
        );
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (range) await this.refuseTakenNumbers(this.db, caller, propertyId, range);
      // One area, or a range whose clashing number was let go again before it could be named.
      throw numbersTaken(fields.flatMap((area) => (area.number == null ? [] : [area.number])));
    }
  }

  private async refuseTakenNumbers(
    db: Queryable,
    caller: AccessClaims,
    propertyId: string,
    range: Range,
  ) {
    const taken = await takenNumbers(db, propertyId, caller.userId, range);
    if (taken.length > 0) throw numbersTaken(taken, takenNumbersMessage(taken));
  }
}
