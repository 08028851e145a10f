// Who is calling, for the calls gateways make (DESIGN §4.4, `/api/ingest/…`): the header
// `Authorization: Gateway <key>`, the key looked up by its SHA-256 (devices.gateway_key_hash; the
// key itself is never stored). Every route of a scope that registers this is a gateway's call,
// and only that: the bearer token of people is not read there, and a missing or wrong key is
// 401 with its own code before the body is read. PIN codes and readings use it.
import { ErrorCode } from '@portal/contracts/errors';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PortalDb } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { unauthorized } from '../../errors';
import { hashSecret } from '../auth/tokens';

/** The gateway a call came from, and where it stands: what it may reach follows from these. */
export type GatewayCaller = {
  id: string;
  organizationId: string;
  propertyId: string;
  areaId: string;
  idNumber: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The calling gateway, on the routes of a scope with registerGatewayAuthentication. */
    readonly gateway: GatewayCaller;
  }
}

const GATEWAY = Symbol('gateway');
type WithGateway = FastifyRequest & { [GATEWAY]: GatewayCaller | null };

/** A gateway's last contact is written at most this often: a gateway polling every few seconds
 * does not write a row each time. */
const LAST_SEEN_RESOLUTION = sql`interval '1 minute'`;

function gatewayKey(request: FastifyRequest): string {
  const match = /^Gateway\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1])
    throw unauthorized(
      'Send the gateway key as Authorization: Gateway <key>.',
      ErrorCode.gatewayKeyMissing,
    );
  return match[1];
}

/** The gateway whose key this is, if any. */
export async function findGatewayByKey(
  db: PortalDb,
  key: string,
): Promise<GatewayCaller | undefined> {
  const [row] = await db
    .select({
      id: devices.id,
      organizationId: devices.organizationId,
      propertyId: devices.propertyId,
      areaId: devices.areaId,
      idNumber: devices.idNumber,
    })
    .from(devices)
    .where(and(eq(devices.gatewayKeyHash, hashSecret(key)), eq(devices.deviceType, 'gw')));
  return row;
}

/** Marks the gateway seen now (the device's lastSeenAt), unless it was within the resolution. */
async function markSeen(db: PortalDb, gatewayId: string) {
  await db
    .update(devices)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(devices.id, gatewayId),
        or(
          isNull(devices.lastSeenAt),
          lt(devices.lastSeenAt, sql`now() - ${LAST_SEEN_RESOLUTION}`),
        ),
      ),
    );
}

/**
 * Makes every route of `scope` a gateway's call (see the module's comment). `markSeen: false`
 * leaves the gateway's lastSeenAt to the route: the readings' ingest writes it from the newest
 * reading's time, not the call's arrival (DESIGN §5 "Telemetry").
 */
export function registerGatewayAuthentication(
  scope: FastifyInstance,
  db: PortalDb,
  options: { markSeen?: boolean } = {},
) {
  const marksSeen = options.markSeen ?? true;
  scope.decorateRequest(GATEWAY, null);
  scope.decorateRequest('gateway', {
    getter(this: FastifyRequest) {
      const gateway = (this as WithGateway)[GATEWAY];
      if (!gateway) throw unauthorized('Gateway key required.', ErrorCode.gatewayKeyMissing);
      return gateway;
    },
  });
  // People's bearer tokens are not read on these routes (authentication.ts skips 'gateway').
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'gateway' };
  });
  scope.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const gateway = await findGatewayByKey(db, gatewayKey(request));
    if (!gateway)
      throw unauthorized(
        'This gateway key is not valid (wrong, or renewed since).',
        ErrorCode.gatewayKeyInvalid,
      );
    (request as WithGateway)[GATEWAY] = gateway;
    if (marksSeen) await markSeen(db, gateway.id);
  });
}
