// Listing, creating (one or a numbered range), changing and deleting the areas of the caller's
// properties (DESIGN §4.2, §5).

import {
  type Area,
  type CreateAreaSchema,
  type CreateAreasSchema,
  MAX_AREAS_PER_PROPERTY,
  TOO_MANY_AREAS_MESSAGE,
  type UpdateAreaSchema,
} from '@portal/contracts/areas';
import type { AreaType } from '@portal/contracts/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { conflict, isUniqueViolation, notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import {
  AREA_NOT_FOUND,
  assertId,
  assertSiteManager,
  PROPERTY_NOT_FOUND,
} from '../organizations/tenancy';
import { findProperty, lockPropertyForChildren } from '../properties/properties.repository';
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

/** SPEC §6: the web app shows exactly this text. */
const CREATE_FORBIDDEN = "You don't have the permissions to create an area";
const NUMBER_TAKEN = 'An area with this number already exists.';
/** The cap that keeps a property's list of areas one bounded answer (DESIGN §4.2). */
/** Enough to see the overlap; a whole range of 500 would not help anyone read the message. */
const LISTED_NUMBERS = 20;

/** The web app reads the numbers after the colon, so nothing else there may be a number. */
export function takenNumbersMessage(numbers: number[]) {
  const listed = numbers.slice(0, LISTED_NUMBERS).join(', ');
  return numbers.length > LISTED_NUMBERS
    ? `Areas with these numbers already exist: ${listed}, …`
    : `Areas with these numbers already exist: ${listed}.`;
}

type Range = { from: number; to: number };

export class AreasService {
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.database.db;
  }

  async list(caller: AccessClaims, propertyId: string, areaType?: AreaType): Promise<Area[]> {
    assertId(propertyId, PROPERTY_NOT_FOUND);
    if (!(await findProperty(this.db, propertyId, caller.userId)))
      throw notFound(PROPERTY_NOT_FOUND);
    return (await listAreas(this.db, propertyId, caller.userId, areaType)).map(presentArea);
  }

  async get(caller: AccessClaims, id: string): Promise<Area> {
    assertId(id, AREA_NOT_FOUND);
    const row = await findArea(this.db, id, caller.userId);
    if (!row) throw notFound(AREA_NOT_FOUND);
    return presentArea(row);
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
    await this.get(caller, id);
    assertSiteManager(caller);
    const updated = await updateArea(this.db, id, caller.userId, input).catch((error) => {
      throw isUniqueViolation(error) ? conflict(NUMBER_TAKEN) : error;
    });
    if (!updated) throw notFound(AREA_NOT_FOUND);
    return presentArea(updated);
  }

  async delete(caller: AccessClaims, id: string) {
    await this.get(caller, id);
    assertSiteManager(caller);
    if (!(await deleteArea(this.db, id, caller.userId))) throw notFound(AREA_NOT_FOUND);
  }

  /**
   * Adds areas to a property in one transaction that holds the property in place (it cannot move
   * to another organization or vanish meanwhile) and keeps other additions to it waiting, so the
   * count checked against MAX_AREAS_PER_PROPERTY holds until commit. A range is checked for numbers
   * in use first, to name them; the unique index still decides when an area being changed takes
   * one of them at the same moment (changes do not wait for the property).
   */
  private async add(caller: AccessClaims, propertyId: string, fields: AreaFields[], range?: Range) {
    assertId(propertyId, PROPERTY_NOT_FOUND);
    try {
      return await this.db.transaction(async (transaction) => {
        const property = await lockPropertyForChildren(transaction, propertyId, caller.userId);
        if (!property) throw notFound(PROPERTY_NOT_FOUND);
        assertSiteManager(caller, CREATE_FORBIDDEN);
        const existing = await countPropertyAreas(transaction, propertyId, caller.userId);
        if (existing + fields.length > MAX_AREAS_PER_PROPERTY)
          throw conflict(TOO_MANY_AREAS_MESSAGE);
        if (range) await this.refuseTakenNumbers(transaction, caller, propertyId, range);
        return insertAreas(
          transaction,
          fields.map((area) => ({ ...area, propertyId, organizationId: property.organizationId })),
        );
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (range) await this.refuseTakenNumbers(this.db, caller, propertyId, range);
      throw conflict(NUMBER_TAKEN);
    }
  }

  private async refuseTakenNumbers(
    db: Queryable,
    caller: AccessClaims,
    propertyId: string,
    range: Range,
  ) {
    const taken = await takenNumbers(db, propertyId, caller.userId, range);
    if (taken.length > 0) throw conflict(takenNumbersMessage(taken));
  }
}
