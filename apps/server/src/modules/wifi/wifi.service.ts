// A property's WiFi networks (DESIGN §4.4 "WiFi", §5; docs/wifi.md): every member of its
// organization sees them and may ask for a password, its site managers add, change and delete
// them; nobody else learns the property or a network exists (404). A password is sealed with the
// app's SecretBox, bound to its network's id, and leaves the server only through `password`.
import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@portal/contracts/errors';
import {
  type SaveWifiSchema,
  type UpdateWifiSchema,
  WIFI_PASSWORD_FIT_MESSAGE,
  type Wifi,
  type WifiPassword,
} from '@portal/contracts/wifi';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { PROPERTY_NOT_FOUND, WIFI_NOT_FOUND } from '../../access/not-found';
import { authorizeIn } from '../../access/policies';
import type { AppContext } from '../../context';
import type { PortalTransaction } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import type { AccessClaims } from '../auth/tokens';
import { lockPropertyForChildren } from '../properties/properties.repository';
import { findPropertyScope } from '../statistics/statistics.repository';
import {
  deleteWifi,
  findWifi,
  findWifiPassword,
  insertWifi,
  listWifi,
  updateWifi,
  type WifiRow,
} from './wifi.repository';

/** What a password is sealed to: its network (a ciphertext copied onto another row does not open).
 * The id never changes, so renaming the network or moving its property keeps the password. */
export const wifiContext = (wifiId: string) => `wifi:${wifiId}`;

export function presentWifi(row: WifiRow): Wifi {
  return {
    id: row.id,
    propertyId: row.propertyId,
    ssid: row.ssid,
    security: row.security,
    hidden: row.hidden,
    note: row.note,
    hasPassword: row.hasPassword,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A change that would keep a password the network never had (it was open): the contract's
 * rule, answered as VALIDATION_FAILED on the field, as the contract would have. */
const passwordNeeded = () =>
  badRequest(`password: ${WIFI_PASSWORD_FIT_MESSAGE}`, ErrorCode.validation, {
    issues: [{ field: 'password', rule: 'custom', message: WIFI_PASSWORD_FIT_MESSAGE }],
  });

export class WifiService {
  constructor(
    private readonly context: AppContext,
    private readonly logger: FastifyBaseLogger,
  ) {}

  private get db() {
    return this.context.database.db;
  }

  private seal(wifiId: string, password: string) {
    return this.context.secrets.seal(password, wifiContext(wifiId));
  }

  async list(caller: AccessClaims, propertyId: string): Promise<Wifi[]> {
    const scope = await findPropertyScope(this.db, propertyId, caller.userId);
    if (!scope) throw notFound(PROPERTY_NOT_FOUND);
    return (await listWifi(this.db, scope)).map(presentWifi);
  }

  async get(caller: AccessClaims, id: string): Promise<Wifi> {
    const row = await findWifi(this.db, id, caller.userId);
    if (!row) throw notFound(WIFI_NOT_FOUND);
    return presentWifi(row);
  }

  /** The password, opened for a member who asked for it ('' for an open network). */
  async password(caller: AccessClaims, id: string): Promise<WifiPassword> {
    const row = await findWifiPassword(this.db, id, caller.userId);
    if (!row) throw notFound(WIFI_NOT_FOUND);
    if (!row.passwordCiphertext) return { password: '' };
    try {
      return { password: this.context.secrets.open(row.passwordCiphertext, wifiContext(id)) };
    } catch {
      // The id only: never the bytes, never what they might have been.
      this.logger.warn(
        { wifiId: id },
        'a WiFi password does not decrypt (SECRETS_KEY changed, or damaged bytes): set it again',
      );
      throw conflict(
        'The password cannot be read: a site manager must set it again.',
        ErrorCode.wifiPasswordUnreadable,
      );
    }
  }

  async create(
    caller: AccessClaims,
    propertyId: string,
    input: z.output<typeof SaveWifiSchema>,
  ): Promise<Wifi> {
    const row = await this.db.transaction(async (transaction) => {
      const found = await findPropertyScope(transaction, propertyId, caller.userId);
      if (!found) throw notFound(PROPERTY_NOT_FOUND);
      // The membership first, held until commit, then the property: the order in which deleting
      // the organization takes them (organizations.repository.ts), so the two never wait for each
      // other crosswise. The property's lock keeps it from being deleted or moved to another
      // organization before the network is written into the one the role was checked in.
      await authorizeIn(
        transaction,
        caller,
        found.organizationId,
        'wifi.change',
        PROPERTY_NOT_FOUND,
      );
      const locked = await lockPropertyForChildren(transaction, propertyId, caller.userId);
      if (locked?.organizationId !== found.organizationId) throw notFound(PROPERTY_NOT_FOUND);
      // The id is chosen here, not by the database, so the password can be sealed to it.
      const id = randomUUID();
      return insertWifi(transaction, {
        id,
        organizationId: found.organizationId,
        propertyId,
        ssid: input.ssid,
        security: input.security,
        hidden: input.hidden,
        note: input.note,
        passwordCiphertext: input.security === 'open' ? null : this.seal(id, input.password),
      });
    });
    return presentWifi(row);
  }

  /**
   * In a change's transaction: 404 outside the caller's organizations, 403 unless they manage the
   * network's (the membership held until commit), then the network held so changes take turns.
   */
  private async lockForChange(
    transaction: PortalTransaction,
    caller: AccessClaims,
    id: string,
  ): Promise<WifiRow> {
    const found = await findWifi(transaction, id, caller.userId);
    if (!found) throw notFound(WIFI_NOT_FOUND);
    await authorizeIn(transaction, caller, found.organizationId, 'wifi.change', WIFI_NOT_FOUND);
    const locked = await findWifi(transaction, id, caller.userId, { lock: true });
    // Gone, or moved with its property to another organization, in between.
    if (locked?.organizationId !== found.organizationId) throw notFound(WIFI_NOT_FOUND);
    return locked;
  }

  /**
   * The whole network replaced, except that an empty password of a network with a security keeps
   * the stored one (contracts' UpdateWifiSchema); an open network keeps none.
   */
  async update(
    caller: AccessClaims,
    id: string,
    input: z.output<typeof UpdateWifiSchema>,
  ): Promise<Wifi> {
    const row = await this.db.transaction(async (transaction) => {
      const stored = await this.lockForChange(transaction, caller, id);
      let password: { passwordCiphertext?: Buffer | null } = {};
      if (input.security === 'open') password = { passwordCiphertext: null };
      else if (input.password !== '')
        password = { passwordCiphertext: this.seal(id, input.password) };
      else if (!stored.hasPassword) throw passwordNeeded();
      const { ssid, security, hidden, note } = input;
      return updateWifi(transaction, id, caller.userId, {
        ssid,
        security,
        hidden,
        note,
        ...password,
      });
    });
    if (!row) throw notFound(WIFI_NOT_FOUND);
    return presentWifi(row);
  }

  async delete(caller: AccessClaims, id: string) {
    await this.db.transaction(async (transaction) => {
      await this.lockForChange(transaction, caller, id);
      if (!(await deleteWifi(transaction, id, caller.userId))) throw notFound(WIFI_NOT_FOUND);
    });
  }
}
