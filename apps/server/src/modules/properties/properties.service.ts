// Listing, creating, changing, moving and deleting the properties of the caller's organizations
// (DESIGN §4.2, §5).
import type {
  CreatePropertySchema,
  Property,
  UpdatePropertySchema,
} from '@portal/contracts/properties';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import { assertId, assertSiteManager, isMember } from '../organizations/tenancy';
import {
  countAreas,
  deleteProperty,
  findProperty,
  insertProperty,
  listProperties,
  updateProperty,
} from './properties.repository';
import { areaCountsByProperty, presentProperty } from './property-presenter';

const NOT_FOUND = 'Property not found.';
const ORGANIZATION_NOT_FOUND = 'Organization not found.';
/** SPEC §6: the web app shows exactly this text. */
const CREATE_FORBIDDEN = "You don't have the permissions to create a property";

export class PropertiesService {
  constructor(private readonly context: AppContext) {}

  private get db() {
    return this.context.database.db;
  }

  /** A filter naming an organization that is not the caller's answers 404 like any other id. */
  async list(caller: AccessClaims, organizationId?: string): Promise<Property[]> {
    if (organizationId) await this.assertCallersOrganization(caller, organizationId);
    const [rows, counts] = await Promise.all([
      listProperties(this.db, caller.userId, organizationId),
      countAreas(this.db, caller.userId, { organizationId }),
    ]);
    const areaCounts = areaCountsByProperty(counts);
    return rows.map((row) => presentProperty(row, areaCounts));
  }

  async get(caller: AccessClaims, id: string): Promise<Property> {
    assertId(id, NOT_FOUND);
    const [row, counts] = await Promise.all([
      findProperty(this.db, id, caller.userId),
      countAreas(this.db, caller.userId, { propertyId: id }),
    ]);
    if (!row) throw notFound(NOT_FOUND);
    return presentProperty(row, areaCountsByProperty(counts));
  }

  async create(
    caller: AccessClaims,
    input: z.output<typeof CreatePropertySchema>,
  ): Promise<Property> {
    await this.assertCallersOrganization(caller, input.organizationId);
    assertSiteManager(caller, CREATE_FORBIDDEN);
    const created = await insertProperty(this.db, input);
    return this.get(caller, created.id);
  }

  /** The whole property; a new organizationId moves it (and its areas) to another of the
   * caller's organizations. */
  async update(
    caller: AccessClaims,
    id: string,
    input: z.output<typeof UpdatePropertySchema>,
  ): Promise<Property> {
    const current = await this.get(caller, id);
    assertSiteManager(caller);
    if (input.organizationId !== current.organizationId)
      await this.assertCallersOrganization(caller, input.organizationId);
    if (!(await updateProperty(this.db, id, caller.userId, input))) throw notFound(NOT_FOUND);
    return this.get(caller, id);
  }

  async delete(caller: AccessClaims, id: string) {
    await this.get(caller, id);
    assertSiteManager(caller);
    if (!(await deleteProperty(this.db, id, caller.userId))) throw notFound(NOT_FOUND);
  }

  private async assertCallersOrganization(caller: AccessClaims, organizationId: string) {
    if (!(await isMember(this.db, caller.userId, organizationId)))
      throw notFound(ORGANIZATION_NOT_FOUND);
  }
}
