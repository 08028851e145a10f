// Organizations (SPEC §3; DESIGN §4.2): a housing cooperative or property company that owns
// properties and whose members see them.
import { text, z } from './zod';

export const OrganizationSchema = z
  .object({
    id: z.uuid(),
    name: text(),
    address: text(),
    /** How many properties and members it has: the list shows them, and deleting names them. */
    propertyCount: z.number().int().nonnegative(),
    memberCount: z.number().int().nonnegative(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof OrganizationSchema>;

export const ORGANIZATION_NAME_MAX_LENGTH = 200;
export const ADDRESS_MAX_LENGTH = 300;

export const OrganizationNameSchema = text()
  .trim()
  .min(1, { error: 'Enter a name.' })
  .max(ORGANIZATION_NAME_MAX_LENGTH, {
    error: `The name must be at most ${ORGANIZATION_NAME_MAX_LENGTH} characters long.`,
  });

export const AddressSchema = text()
  .trim()
  .max(ADDRESS_MAX_LENGTH, {
    error: `The address must be at most ${ADDRESS_MAX_LENGTH} characters long.`,
  });

/** POST /api/organizations; PUT sends the same fields (the whole organization). */
export const CreateOrganizationSchema = z.object({
  name: OrganizationNameSchema,
  address: AddressSchema.default(''),
});
export type CreateOrganization = z.input<typeof CreateOrganizationSchema>;

export const UpdateOrganizationSchema = CreateOrganizationSchema;
export type UpdateOrganization = z.input<typeof UpdateOrganizationSchema>;
