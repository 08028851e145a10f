// Path parameters that name a resource. Ids are UUIDs (DESIGN §4.2); a path whose id is not one
// names nothing the caller could reach, so it answers 404 with the resource's not-found text
// (errors.ts turns a failed params schema into that 404), never 400. Overlong ids never reach a
// route: errors.ts answers Fastify's maxParamLength error with 404 as well.
import { EmailSchema } from '@portal/contracts/users';
import { z } from 'zod';
import {
  AREA_NOT_FOUND,
  DEVICE_NOT_FOUND,
  IMAGE_NOT_FOUND,
  ORGANIZATION_NOT_FOUND,
  PIN_CODE_NOT_FOUND,
  PROPERTY_NOT_FOUND,
  USER_NOT_FOUND,
  WIFI_NOT_FOUND,
} from './not-found';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (id: string) => UUID.test(id);

/** An id in a path; anything but a UUID answers 404 with `notFoundMessage`. (Any 8-4-4-4-12 hex
 * form, as PostgreSQL reads it: whether one names something is for the query to say.) */
export const idParam = (notFoundMessage: string) => z.guid({ error: notFoundMessage });

export const OrganizationIdParams = z.object({ organizationId: idParam(ORGANIZATION_NOT_FOUND) });
export const PropertyIdParams = z.object({ propertyId: idParam(PROPERTY_NOT_FOUND) });
export const AreaIdParams = z.object({ areaId: idParam(AREA_NOT_FOUND) });
export const DeviceIdParams = z.object({ deviceId: idParam(DEVICE_NOT_FOUND) });
export const PinCodeIdParams = z.object({ pinCodeId: idParam(PIN_CODE_NOT_FOUND) });
export const ImageIdParams = z.object({ imageId: idParam(IMAGE_NOT_FOUND) });
export const WifiIdParams = z.object({ wifiId: idParam(WIFI_NOT_FOUND) });
export const MemberParams = z.object({
  organizationId: idParam(ORGANIZATION_NOT_FOUND),
  userId: idParam(USER_NOT_FOUND),
});

/** SPEC §7's /user/{email or id}: a user's UUID or e-mail address; anything else is 404. */
export const userKeyParam = z
  .string()
  .refine((value) => isUuid(value) || EmailSchema.safeParse(value).success, {
    error: USER_NOT_FOUND,
  });
