// The MQTT broker gateways talk to (DESIGN §4.4, docs/gateway-readings.md): aedes with the
// portal's rules. A gateway signs in with its id and key, publishes readings to
// `gateways/{id}/readings`, reads answers on `gateways/{id}/results`, and may leave a last will on
// `gateways/{id}/status`; nothing else. Readings are stored while aedes waits for
// authorizePublish, so its PUBACK goes out only after the commit; a publish is never forwarded to
// anyone, and a gateway receives only its own results.
import { readDeviceId } from '@portal/contracts/device-ids';
import type { IngestReadings, IngestResult } from '@portal/contracts/readings';
import { READINGS_BODY_LIMIT } from '@portal/contracts/readings';
import type {
  Aedes,
  AuthenticateError,
  Client,
  ConnectPacket,
  PublishPacket,
  Subscription,
} from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { isUuid } from '../../access/id-params';
import type { PortalDb } from '../../db/client';
import { hashSecret } from '../auth/tokens';
import { findGatewayByKey, type GatewayCaller } from '../gateways/gateway-authentication';
import { gatewayIdNumberShared, gatewayKeyHashes, gatewayKeyHolds } from './gateway-key.repository';
import { GatewayPresence } from './gateway-presence';
import { gatewayTopic, namesGateway, readGatewayTopic } from './gateway-topics';
import { type ReadingsAnswer, readReadingsMessage } from './readings-message';

/** Stores a gateway's readings and answers what became of each (the ingest service's call). */
export type IngestReadingsFunction = (
  gateway: GatewayCaller,
  body: IngestReadings,
) => Promise<IngestResult>;

export type GatewayBrokerOptions = {
  db: PortalDb;
  ingest: IngestReadingsFunction;
  log: FastifyBaseLogger;
  /** How often the open connections' keys are checked (KEY_CHECK_MS; tests ask for less). */
  keyCheckMs?: number;
  /** aedes' broker class, loaded by the listener when it starts (mqtt-listener.ts). */
  aedes: typeof Aedes;
};

/**
 * A connection whose key no longer opens its gateway (renewed in the portal, or the gateway
 * deleted) is closed at its next publish, and one that only listens for results within this: the
 * key may have been renewed because it leaked. One query for all open connections.
 */
export const KEY_CHECK_MS = 30_000;

/** A signed-in connection: its gateway, its key's hash, and whether the portal is closing it. */
type Session = {
  gateway: GatewayCaller & { idNumberShared: boolean };
  keyHash: string;
  closedByPortal: boolean;
};

/** CONNACK return codes of MQTT 3.1.1 §3.2.2.3 that aedes passes on. */
const SERVER_UNAVAILABLE = 3;
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

function connectRefusal(returnCode: number, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

const EMPTY = Buffer.alloc(0);

/** QoS 2 publishes of one connection awaiting their PUBREL; one more closes the connection. */
export const MAX_QOS2_IN_FLIGHT = 16;

/** A username as the log may show it: a UUID or a hardware address, never what may be a key
 * typed into the wrong field. */
function loggable(username: string | undefined) {
  if (!username) return username;
  return isUuid(username) || readDeviceId('gw', username).outcome === 'fits'
    ? username
    : '(not a gateway id)';
}

export class GatewayBroker {
  private readonly aedes: Aedes;
  private readonly presence: GatewayPresence;
  private readonly sessions = new WeakMap<Client, Session>();
  /** The will topic each connection asked for, seen before it signs in. */
  private readonly willTopics = new WeakMap<Client, string>();
  /** Per gateway, its connections still open: a will is news only when none is left. */
  private readonly connections = new Map<string, Set<Client>>();
  /** Readings being stored and alerts being written, awaited before the database closes. */
  private readonly pending = new Set<Promise<unknown>>();
  private keyCheck: NodeJS.Timeout | undefined;
  private checkingKeys = false;

  constructor(private readonly options: GatewayBrokerOptions) {
    this.presence = new GatewayPresence(options.db, options.log);
    this.aedes = new options.aedes({
      // preConnect puts the username in front of the client id (below), and MQTT 3.1 clients
      // would otherwise be held to 23 characters with it.
      maxClientsIdLength: 256,
      // A QoS 2 publish is kept, payload and all, until its PUBREL: aedes' 1 000 in flight would
      // let one gateway hold 4 GB. A gateway sends a batch or a few at a time.
      maxInflightInbound: MAX_QOS2_IN_FLIGHT,
      preConnect: (client, packet, done) => done(null, this.preConnect(client, packet)),
      authenticate: (client, username, password, done) =>
        void this.authenticate(client, username, password).then(
          () => done(null, true),
          (error: AuthenticateError) => done(error, false),
        ),
      authorizePublish: (client, packet, done) => this.authorizePublish(client, packet, done),
      authorizeSubscribe: (client, subscription, done) =>
        done(null, this.authorizeSubscribe(client, subscription)),
      authorizeForward: (client, packet) =>
        this.isOwnResults(client, packet.topic) ? packet : null,
    });
    // Protocol errors, timeouts and dropped sockets: an operator's debugging aid, not news.
    this.aedes.on('clientError', (client, error) =>
      options.log.debug(
        { gatewayId: this.sessions.get(client)?.gateway.id, err: error },
        'MQTT: connection error',
      ),
    );
  }

  async start() {
    await this.aedes.listen();
    this.keyCheck = setInterval(
      () => void this.track(this.closeRenewedKeys()),
      this.options.keyCheckMs ?? KEY_CHECK_MS,
    );
    this.keyCheck.unref();
  }

  /** Serves one connection (a TCP or TLS socket). */
  handle(connection: Parameters<Aedes['handle']>[0]): Client {
    return this.aedes.handle(connection);
  }

  isSignedIn(client: Client): boolean {
    return this.sessions.has(client);
  }

  /** The portal closes this connection (a refused packet): not the gateway going offline. */
  closingByPortal(client: Client) {
    const session = this.sessions.get(client);
    if (session) session.closedByPortal = true;
  }

  /** Disconnects every gateway (without marking them offline) and finishes what is under way. */
  async close() {
    clearInterval(this.keyCheck);
    await new Promise<void>((resolve) => this.aedes.close(() => resolve()));
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
    await this.presence.idle();
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    const forget = () => this.pending.delete(work);
    work.then(forget, forget);
    return work;
  }

  private get log() {
    return this.options.log;
  }

  /** Notes the will topic for authenticate, and makes every session clean. */
  private preConnect(client: Client, packet: ConnectPacket): boolean {
    if (packet.will) this.willTopics.set(client, packet.will.topic);
    // No session outlives its connection (the CONNACK says none is present, as MQTT 3.1.1 allows
    // a server that has none): all a gateway is sent is its batches' results, which matter to the
    // connection that sent the batch (a gateway sends an unanswered batch again), and a session
    // kept for a gateway that never comes back would queue its results in memory without end.
    packet.clean = true;
    return true;
  }

  private async authenticate(
    client: Client,
    username: string | undefined,
    password: Buffer | undefined,
  ): Promise<void> {
    const refuse = (returnCode: number, reason: string) => {
      this.log.warn({ username: loggable(username), reason }, 'MQTT: connection refused');
      return connectRefusal(returnCode, reason);
    };
    if (!username || !password?.length)
      throw refuse(BAD_USERNAME_OR_PASSWORD, 'no username or password');
    const key = password.toString('utf8');
    let gateway: (GatewayCaller & { idNumberShared: boolean }) | undefined;
    try {
      const found = await findGatewayByKey(this.options.db, key);
      gateway = found && {
        ...found,
        idNumberShared: await gatewayIdNumberShared(this.options.db, found.id),
      };
    } catch (error) {
      this.log.error({ err: error }, 'MQTT: could not check a gateway key');
      throw connectRefusal(SERVER_UNAVAILABLE, 'server unavailable');
    }
    if (!gateway || !namesGateway(username, gateway))
      throw refuse(BAD_USERNAME_OR_PASSWORD, 'wrong key, or a key of another gateway');
    const willTopic = this.willTopics.get(client);
    if (willTopic !== undefined) {
      const topic = readGatewayTopic(willTopic);
      if (topic?.channel !== 'status' || !namesGateway(topic.ref, gateway))
        throw refuse(NOT_AUTHORIZED, `a will on ${willTopic}: only gateways/{id}/status`);
    }
    // Client ids kept apart per gateway, by its UUID (aedes registers the id after this, and
    // drops the older of two connections with one id): no gateway can drop another's connection,
    // not even one of another organization with the same ID number.
    client.id = `${gateway.id}/${client.id}`;
    this.sessions.set(client, { gateway, keyHash: hashSecret(key), closedByPortal: false });
    this.addConnection(gateway.id, client);
    await this.track(this.presence.connected(gateway.id));
    this.log.debug({ gatewayId: gateway.id }, 'MQTT: gateway connected');
  }

  /** Closes the open connections whose key no longer opens their gateway (KEY_CHECK_MS). Only
   * those open when the check began are judged (one signing in meanwhile has a key just checked),
   * and a check still under way (a busy database) is not started again. */
  private async closeRenewedKeys() {
    if (this.checkingKeys || this.connections.size === 0) return;
    const open = [...this.connections].flatMap(([gatewayId, clients]) =>
      [...clients].flatMap((client) => {
        const session = this.sessions.get(client);
        return session ? [{ gatewayId, client, session }] : [];
      }),
    );
    this.checkingKeys = true;
    try {
      const current = await gatewayKeyHashes(this.options.db, [
        ...new Set(open.map((entry) => entry.gatewayId)),
      ]);
      for (const { gatewayId, client, session } of open) {
        if (current.get(gatewayId) === session.keyHash || client.closed) continue;
        this.log.warn({ gatewayId }, 'MQTT: key renewed since sign-in, closed');
        session.closedByPortal = true;
        client.close();
      }
    } catch (error) {
      this.log.warn({ err: error }, 'MQTT: could not check the open connections’ keys');
    } finally {
      this.checkingKeys = false;
    }
  }

  private addConnection(gatewayId: string, client: Client) {
    // Gone while its key was being checked: nothing to wait for.
    if (client.conn.destroyed) return;
    const open = this.connections.get(gatewayId) ?? new Set<Client>();
    open.add(client);
    this.connections.set(gatewayId, open);
    client.conn.once('close', () => {
      open.delete(client);
      if (open.size === 0 && this.connections.get(gatewayId) === open)
        this.connections.delete(gatewayId);
    });
  }

  private authorizePublish(
    client: Client | null,
    packet: PublishPacket,
    done: (error?: Error | null) => void,
  ) {
    // Without a client: a will kept from another broker's run, which this one never keeps.
    const session = client ? this.sessions.get(client) : undefined;
    if (!client || !session) return done(new Error('not signed in'));
    const topic = readGatewayTopic(packet.topic);
    const own = topic !== undefined && namesGateway(topic.ref, session.gateway);
    // aedes asks for a closed connection's will only: it is taken here, never delivered.
    if (client.closed) {
      if (own && topic.channel === 'status') this.lastWill(client, session);
      return done(new Error('the will is taken by the portal'));
    }
    if (!own || topic.channel === 'results') {
      this.log.warn(
        { gatewayId: session.gateway.id, topic: packet.topic },
        'MQTT: publish refused, connection closed',
      );
      session.closedByPortal = true;
      return done(new Error(`publishing to ${packet.topic} is not allowed`));
    }
    // Nothing a gateway publishes is kept for later subscribers.
    packet.retain = false;
    // Its own status (an "online" birth message): accepted, and the connection itself says it.
    if (topic.channel === 'status') {
      packet.payload = EMPTY;
      return done(null);
    }
    void this.track(this.storeReadings(session, topic.ref, packet, done));
  }

  private async storeReadings(
    session: Session,
    ref: string,
    packet: PublishPacket,
    done: (error?: Error | null) => void,
  ) {
    const { gateway } = session;
    const payload =
      typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
    if (payload.length > READINGS_BODY_LIMIT) {
      this.log.warn({ gatewayId: gateway.id, bytes: payload.length }, 'MQTT: payload over 4 MB');
      session.closedByPortal = true;
      return done(new Error('payload too large'));
    }
    const message = readReadingsMessage(payload);
    let answer: ReadingsAnswer;
    try {
      if (!(await gatewayKeyHolds(this.options.db, gateway.id, session.keyHash))) {
        this.log.warn({ gatewayId: gateway.id }, 'MQTT: key renewed since sign-in, closed');
        session.closedByPortal = true;
        return done(new Error('the key was renewed'));
      }
      answer =
        'error' in message
          ? { error: message.error }
          : await this.options.ingest(gateway, message.body);
    } catch (error) {
      // No PUBACK: the gateway's session sends the same readings again, and what was stored
      // meanwhile comes back as duplicates.
      this.log.error({ err: error, gatewayId: gateway.id }, 'MQTT: readings not stored');
      session.closedByPortal = true;
      return done(error as Error);
    }
    if (message.batch !== undefined) answer.batch = message.batch;
    // The broker routes the acknowledged publish nowhere (authorizeForward): no need to hold 4 MB.
    packet.payload = EMPTY;
    try {
      await this.publishResults(ref, answer);
    } catch (error) {
      this.log.error({ err: error, gatewayId: gateway.id }, 'MQTT: results not published');
    }
    done(null);
  }

  private publishResults(ref: string, answer: ReadingsAnswer) {
    return new Promise<void>((resolve, reject) =>
      this.aedes.publish(
        {
          cmd: 'publish',
          topic: gatewayTopic(ref, 'results'),
          payload: Buffer.from(JSON.stringify(answer)),
          qos: 1,
          retain: false,
          dup: false,
        },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
  }

  /**
   * The connection dropped without a DISCONNECT: the gateway is offline now, unless the portal
   * closed it (shutting down, or a refused packet) or another connection of it is open (a gateway
   * that reconnected before the old connection timed out).
   */
  private lastWill(client: Client, session: Session) {
    const gatewayId = session.gateway.id;
    if (session.closedByPortal || this.aedes.closed) return;
    const others = [...(this.connections.get(gatewayId) ?? [])].filter(
      (other) => other !== client && !other.closed,
    );
    if (others.length > 0) return;
    this.log.info({ gatewayId }, 'MQTT: gateway connection lost (its last will)');
    void this.track(this.presence.disconnected(gatewayId, new Date()));
  }

  /** Only the gateway's own results, at QoS 0 or 1; anything else is answered 0x80. */
  private authorizeSubscribe(client: Client, subscription: Subscription): Subscription | null {
    if (this.isOwnResults(client, subscription.topic))
      return { ...subscription, qos: subscription.qos === 0 ? 0 : 1 };
    this.log.warn(
      { gatewayId: this.sessions.get(client)?.gateway.id, topic: subscription.topic },
      'MQTT: subscription refused',
    );
    return null;
  }

  private isOwnResults(client: Client, topicText: string): boolean {
    const session = this.sessions.get(client);
    const topic = readGatewayTopic(topicText);
    return (
      session !== undefined &&
      topic?.channel === 'results' &&
      namesGateway(topic.ref, session.gateway)
    );
  }
}
