// Gateways over MQTT through a real client (the `mqtt` package) against the portal's listener, on
// PGlite and PostgreSQL: signing in by UUID or ID number and key (a wrong key, another gateway's
// key), the topics a gateway may use and those refused (another's, any other, its own results),
// subscriptions, client ids kept apart, the last will (offline at once; not on a clean
// disconnect, a reconnection or a shutdown), packets too large, a database that cannot store, and
// MQTT 5 through its bridge (mqtt5-bridge.ts: reason codes, what the CONNACK offers, aliases).
import { once } from 'node:events';
import net from 'node:net';
import { READINGS_BODY_LIMIT } from '@portal/contracts/readings';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import mqtt, { type IClientOptions, type IConnackPacket, type MqttClient } from 'mqtt';
import mqttPacket, { type Packet } from 'mqtt-packet';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Queryable } from '../../db/client';
import { devices } from '../../db/schema/devices';
import { alerts, readings } from '../../db/schema/telemetry';
import { buildTestApp, type TestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import {
  bearer,
  createArea,
  createOrganization,
  createProperty,
  createUser,
  signIn,
  untilWaitingForLock,
} from '../../test/factories';
import { hashSecret, randomSecret } from '../auth/tokens';
import { MAX_QOS2_IN_FLIGHT } from './gateway-broker';
import {
  CONNECT_PACKET_LIMIT,
  type MqttListener,
  PUBLISH_PACKET_LIMIT,
  startMqttListener,
} from './mqtt-listener';
import { makeTestCertificate, type TestCertificate } from './test-certificate';

type Gateway = { id: string; idNumber: string; key: string };
type Answer = Record<string, unknown>;

const METER = 'KAM12345678';
const HOUR_MS = 3_600_000;
/** The first hour of the readings the tests send: six weeks ago. */
const FIRST_HOUR_MS = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 1000 * HOUR_MS;
let nextHour = 0;
/** Readings of the meter at whole hours, each call later than the last (no two tests share a
 * time, and the series only rises), the register rising 1.5 kWh an hour. */
const readingsOf = (count: number) => {
  const first = nextHour;
  nextHour += count;
  return Array.from({ length: count }, (_, offset) => ({
    meter: METER,
    at: new Date(FIRST_HOUR_MS + (first + offset) * HOUR_MS).toISOString(),
    value: 1000 + (first + offset) * 1.5,
    unit: 'kWh',
  }));
};

/** An MQTT 3.1.1 packet written by hand (§2.2: type and flags, remaining length, body), for what
 * mqtt.js will not send: a QoS 2 publish left without its PUBREL. */
const rawPacket = (typeAndFlags: number, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const length: number[] = [];
  let rest = body.length;
  do {
    length.push((rest & 0x7f) | (rest > 0x7f ? 0x80 : 0));
    rest >>= 7;
  } while (rest > 0);
  return Buffer.concat([Buffer.from([typeAndFlags, ...length]), body]);
};
/** A string or bytes with their 2-byte length before them. */
const prefixed = (value: string) => {
  const bytes = Buffer.from(value);
  return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
};

/** Resolves when the client's connection has closed. */
const closing = (client: MqttClient) =>
  new Promise<void>((resolve) => client.once('close', () => resolve()));

describe.each(testDrivers)('gateways over MQTT on %s', (driver) => {
  let subject: TestApp;
  let listener: MqttListener;
  let url: string;
  let gateway: Gateway;
  let otherGateway: Gateway;
  /** A gateway whose key a test renews. */
  let renewedGateway: Gateway;
  let renewKey: (gatewayId: string) => Promise<string>;
  /** A heat meter in the first gateway's area. */
  let meterId: string;
  const clients: MqttClient[] = [];

  const db = () => subject.database.db;

  /** A client of the test; closed after all tests if still open. */
  const connect = async (options: IClientOptions) => {
    const client = await mqtt.connectAsync(url, {
      reconnectPeriod: 0,
      connectTimeout: 5000,
      protocolVersion: 4,
      ...options,
    });
    clients.push(client);
    return client;
  };
  const connectAs = (who: Gateway, options: IClientOptions = {}) =>
    connect({ username: who.id, password: who.key, ...options });
  /** What the connection attempt was answered (the CONNACK's return code), if refused. */
  const refusal = (options: IClientOptions) =>
    connect(options).then(
      () => 0,
      (error: { code?: number }) => error.code,
    );
  /** Publishes at QoS 1 and resolves once the server has closed the connection; says whether a
   * PUBACK came before. */
  const publishUntilClosed = async (
    client: MqttClient,
    topic: string,
    payload: string | Buffer,
  ) => {
    let acknowledged = false;
    const closed = closing(client);
    client.publish(topic, payload, { qos: 1 }, (error) => {
      if (!error) acknowledged = true;
    });
    await closed;
    return { acknowledged };
  };
  const storedAt = async (times: string[], queryable: Queryable = db()) =>
    (
      await queryable
        .select({ at: readings.at })
        .from(readings)
        .where(
          and(
            eq(readings.deviceId, meterId),
            inArray(
              readings.at,
              times.map((at) => new Date(at)),
            ),
          ),
        )
    ).length;
  /** A connection of the gateway that has subscribed to its results, and its answers in order. */
  const listening = async (who: Gateway, ref = who.id, options: IClientOptions = {}) => {
    const client = await connectAs(who, options);
    const answers: Answer[] = [];
    const waiting: ((answer: Answer) => void)[] = [];
    client.on('message', (_topic, payload) => {
      const answer = JSON.parse(payload.toString()) as Answer;
      const next = waiting.shift();
      if (next) next(answer);
      else answers.push(answer);
    });
    await client.subscribeAsync(`gateways/${ref}/results`, { qos: 1 });
    const nextAnswer = () =>
      new Promise<Answer>((resolve) => {
        const ready = answers.shift();
        if (ready) resolve(ready);
        else waiting.push(resolve);
      });
    return { client, nextAnswer };
  };
  const openDisconnected = async (gatewayId: string) =>
    (
      await db()
        .select({ details: alerts.details })
        .from(alerts)
        .where(
          and(eq(alerts.deviceId, gatewayId), eq(alerts.kind, 'offline'), isNull(alerts.endedAt)),
        )
    ).filter((alert) => alert.details.reason === 'disconnected').length;
  /** publishUntilClosed of the readings to the gateway's topic while every insert into readings
   * fails (a database that cannot store them). */
  const publishWhileReadingsFail = async (
    client: MqttClient,
    who: Gateway,
    batch: ReturnType<typeof readingsOf>,
  ) => {
    await db().execute(sql`create or replace function refuse_readings() returns trigger
      language plpgsql as $$ begin raise exception 'no space left on device'; end $$`);
    await db().execute(sql`create or replace trigger refuse_readings before insert on readings
      for each row execute function refuse_readings()`);
    try {
      return await publishUntilClosed(
        client,
        `gateways/${who.id}/readings`,
        JSON.stringify({ readings: batch }),
      );
    } finally {
      await db().execute(sql`drop trigger refuse_readings on readings`);
      await db().execute(sql`drop function refuse_readings()`);
    }
  };
  const will = (who: Gateway) => ({
    topic: `gateways/${who.id}/status`,
    payload: Buffer.from('offline'),
    qos: 1 as const,
    retain: false,
  });

  beforeAll(async () => {
    subject = await buildTestApp(driver);
    const organization = await createOrganization(db(), 'Brf Solrosen');
    const manager = await createUser(db(), {
      role: 'site-manager',
      organizationIds: [organization.id],
    });
    const session = await signIn(subject.app, manager.email);
    const property = await createProperty(db(), organization.id);
    let gatewayAreaId = '';
    const addGateway = async (number: number, idNumber: string): Promise<Gateway> => {
      const area = await createArea(db(), property, { areaType: 'lau', number });
      gatewayAreaId ||= area.id;
      const response = await subject.app.inject({
        method: 'POST',
        url: `/api/areas/${area.id}/devices`,
        headers: bearer(session),
        payload: { deviceType: 'gw', idNumber },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { device, gatewayKey } = response.json() as {
        device: { id: string; idNumber: string };
        gatewayKey: string;
      };
      return { id: device.id, idNumber: device.idNumber, key: gatewayKey };
    };
    gateway = await addGateway(1, 'AA:BB:CC:00:00:01');
    otherGateway = await addGateway(2, 'AA:BB:CC:00:00:02');
    renewedGateway = await addGateway(3, 'AA:BB:CC:00:00:03');
    renewKey = async (gatewayId) => {
      const response = await subject.app.inject({
        method: 'POST',
        url: `/api/devices/${gatewayId}/gateway-key`,
        headers: bearer(session),
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { gatewayKey: string }).gatewayKey;
    };
    const meter = await subject.app.inject({
      method: 'POST',
      url: `/api/areas/${gatewayAreaId}/devices`,
      headers: bearer(session),
      payload: { deviceType: 'heat', idNumber: METER },
    });
    expect(meter.statusCode, meter.body).toBe(201);
    meterId = (meter.json() as { device: { id: string } }).device.id;
    listener = await startMqttListener({
      settings: { port: 0, host: '127.0.0.1', tls: undefined },
      context: subject.app.portal,
      log: subject.app.log,
      keyCheckMs: 100,
    });
    url = `mqtt://127.0.0.1:${listener.port}`;
  });

  afterAll(async () => {
    for (const client of clients) client.end(true);
    await listener?.close();
    await subject?.close();
  });

  describe('signing in', () => {
    it('takes the gateway UUID or its ID number in any written form, with its key', async () => {
      for (const username of [
        gateway.id,
        'AA:BB:CC:00:00:01',
        'aabbcc000001',
        'AA-BB-CC-00-00-01',
      ]) {
        const client = await connectAs(gateway, { username });
        expect(client.connected, username).toBe(true);
        await client.endAsync();
      }
    });

    it('refuses a wrong key, another gateway’s key, and no key ("bad username or password")', async () => {
      expect(await refusal({ username: gateway.id, password: 'not-the-key' })).toBe(4);
      expect(await refusal({ username: gateway.id, password: otherGateway.key })).toBe(4);
      expect(await refusal({ username: 'AA:BB:CC:00:00:01', password: otherGateway.key })).toBe(4);
      expect(await refusal({ username: gateway.id })).toBe(4);
      expect(await refusal({ username: '', password: gateway.key })).toBe(4);
      // Username and key swapped: the key, in the username, is not written to the log either.
      expect(await refusal({ username: gateway.key, password: gateway.id })).toBe(4);
      expect(subject.logs.join('')).not.toContain(gateway.key);
    });

    it('refuses a last will on any topic but the gateway’s own status ("not authorized")', async () => {
      for (const topic of [
        `gateways/${otherGateway.id}/status`,
        `gateways/${gateway.id}/readings`,
        'status',
      ])
        expect(
          await refusal({
            username: gateway.id,
            password: gateway.key,
            will: { ...will(gateway), topic },
          }),
          topic,
        ).toBe(5);
      const client = await connectAs(gateway, { will: will(gateway) });
      expect(client.connected).toBe(true);
      await client.endAsync();
    });

    it('keeps two gateways with the same client id connected: one cannot drop the other', async () => {
      const first = await connectAs(gateway, { clientId: 'gateway' });
      const second = await connectAs(otherGateway, { clientId: 'gateway' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(first.connected).toBe(true);
      expect(second.connected).toBe(true);
      await Promise.all([first.endAsync(), second.endAsync()]);
    });

    it('keeps a gateway of another organization with the same ID number out of its topics', async () => {
      // A site manager of another customer registers a gateway with this one's MAC address.
      const intruderOrganization = await createOrganization(db(), 'Brf Grannen');
      const intruderProperty = await createProperty(db(), intruderOrganization.id);
      const intruderArea = await createArea(db(), intruderProperty, {
        areaType: 'misc',
        name: 'Gw',
      });
      const key = randomSecret();
      const [twin] = await db()
        .insert(devices)
        .values({
          organizationId: intruderOrganization.id,
          propertyId: intruderProperty.id,
          areaId: intruderArea.id,
          deviceType: 'gw',
          idNumber: gateway.idNumber,
          idKey:
            (await db().select().from(devices).where(eq(devices.id, gateway.id)))[0]?.idKey ?? '',
          gatewayKeyHash: hashSecret(key),
        })
        .returning();
      const intruder = { id: twin?.id ?? '', idNumber: gateway.idNumber, key };
      try {
        // By UUID both still work, with the same client id, and neither drops the other.
        const own = await connectAs(gateway, { clientId: 'gateway' });
        const twinClient = await connectAs(intruder, { clientId: 'gateway' });
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect([own.connected, twinClient.connected]).toEqual([true, true]);
        // The shared MAC names neither: not the intruder's subscription to it (SUBACK 128)…
        const granted = await twinClient
          .subscribeAsync([`gateways/${gateway.idNumber}/results`], { qos: 1 })
          .then(
            (grants) => grants.map((grant) => grant.qos),
            (error: { packet: { granted: number[] } }) => error.packet.granted,
          );
        expect(granted).toEqual([128]);
        // …nor the gateway's own sign-in by it (its firmware must use the UUID now).
        expect(await refusal({ username: gateway.idNumber, password: gateway.key })).toBe(4);
        await Promise.all([own.endAsync(), twinClient.endAsync()]);
      } finally {
        await db().delete(devices).where(eq(devices.id, intruder.id));
      }
    });

    it('lives on when a connection is reset before its CONNECT (a port scanner, a health check)', async () => {
      for (const first of [Buffer.alloc(0), Buffer.from([0x10])]) {
        const socket = net.connect(listener.port, '127.0.0.1');
        await once(socket, 'connect');
        if (first.length > 0) socket.write(first);
        await new Promise((resolve) => setTimeout(resolve, 20));
        socket.resetAndDestroy();
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      const client = await connectAs(gateway);
      expect(client.connected).toBe(true);
      await client.endAsync();
    });

    it('closes a connection whose first packet announces more than a CONNECT can be', async () => {
      const socket = net.connect(listener.port, '127.0.0.1');
      await once(socket, 'connect');
      // A CONNECT's fixed header announcing one byte over the limit (7 bits a length byte).
      const length = CONNECT_PACKET_LIMIT + 1;
      socket.write(
        Buffer.from([0x10, (length & 0x7f) | 0x80, ((length >> 7) & 0x7f) | 0x80, length >> 14]),
      );
      await once(socket, 'close');
      expect(subject.logs.join('')).toContain('MQTT: packet too large, closed');
    });

    it('speaks MQTT 3.1 besides 3.1.1 (and 5, below)', async () => {
      const old = await connectAs(gateway, { protocolId: 'MQIsdp', protocolVersion: 3 });
      expect(old.connected).toBe(true);
      await old.endAsync();
    });
  });

  describe('MQTT 5', () => {
    const v5 = { protocolVersion: 5 } as const;
    /** A v5 connection and its CONNACK. */
    const connectV5 = async (who: Gateway, options: IClientOptions = {}) => {
      const client = mqtt.connect(url, {
        reconnectPeriod: 0,
        username: who.id,
        password: who.key,
        ...v5,
        ...options,
      });
      clients.push(client);
      const connack = await new Promise<IConnackPacket>((resolve, reject) => {
        client.once('connect', resolve);
        client.once('error', reject);
      });
      return { client, connack };
    };

    it('signs a gateway in and says what it may do: packets up to 4 MB, no session, no wildcards', async () => {
      const { client, connack } = await connectV5(gateway, {
        username: 'AA:BB:CC:00:00:01',
        clientId: '',
        properties: { sessionExpiryInterval: 3600 },
      });
      expect(connack).toMatchObject({ reasonCode: 0, sessionPresent: false });
      expect(connack.properties).toMatchObject({
        maximumPacketSize: PUBLISH_PACKET_LIMIT,
        receiveMaximum: MAX_QOS2_IN_FLIGHT,
        sessionExpiryInterval: 0,
        wildcardSubscriptionAvailable: false,
        sharedSubscriptionAvailable: false,
      });
      expect(connack.properties?.retainAvailable).toBeUndefined();
      // A client that leaves its id to the server is told the one it got.
      expect(connack.properties?.assignedClientIdentifier).toMatch(/^auto-/);
      await client.endAsync();
    });

    it('refuses a wrong key (0x86), a will on another topic (0x87) and enhanced authentication (0x8C)', async () => {
      expect(await refusal({ ...v5, username: gateway.id, password: 'not-the-key' })).toBe(0x86);
      expect(await refusal({ ...v5, username: gateway.id, password: otherGateway.key })).toBe(0x86);
      expect(
        await refusal({
          ...v5,
          username: gateway.id,
          password: gateway.key,
          will: { ...will(gateway), topic: `gateways/${otherGateway.id}/status` },
        }),
      ).toBe(0x87);
      expect(
        await refusal({
          ...v5,
          username: gateway.id,
          password: gateway.key,
          properties: { authenticationMethod: 'SCRAM-SHA-1' },
        }),
      ).toBe(0x8c);
    });

    it('stores readings at QoS 1 and 2, acknowledges them after the commit and answers on results', async () => {
      const { client, nextAnswer } = await listening(gateway, gateway.id, v5);
      const topic = `gateways/${gateway.id}/readings`;
      const acks: Packet[] = [];
      client.on('packetreceive', (packet) => {
        if (packet.cmd === 'puback' || packet.cmd === 'pubrec') acks.push(packet);
      });
      const batch = readingsOf(2);
      await client.publishAsync(topic, JSON.stringify({ readings: batch, batch: 'v5' }), {
        qos: 1,
      });
      expect(await storedAt(batch.map((reading) => reading.at))).toBe(2);
      expect(await nextAnswer()).toEqual({ accepted: 2, duplicates: 0, rejected: [], batch: 'v5' });
      const exactlyOnce = readingsOf(1);
      await client.publishAsync(topic, JSON.stringify({ readings: exactlyOnce }), { qos: 2 });
      expect(await storedAt(exactlyOnce.map((reading) => reading.at))).toBe(1);
      expect(await nextAnswer()).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
      expect(acks).toMatchObject([
        { cmd: 'puback', reasonCode: 0 },
        { cmd: 'pubrec', reasonCode: 0 },
      ]);
      await client.unsubscribeAsync(`gateways/${gateway.id}/results`);
      await client.endAsync();
    });

    it('closes the connection without a PUBACK for a publish to another topic, storing nothing', async () => {
      const { client } = await connectV5(gateway);
      const refused = readingsOf(1);
      expect(
        await publishUntilClosed(
          client,
          `gateways/${otherGateway.id}/readings`,
          JSON.stringify({ readings: refused }),
        ),
      ).toEqual({ acknowledged: false });
      expect(await storedAt(refused.map((reading) => reading.at))).toBe(0);
    });

    it('answers a subscription to anything but its own results "not authorized" (0x87)', async () => {
      const { client } = await connectV5(gateway);
      const granted = await client
        .subscribeAsync([`gateways/${gateway.id}/results`, `gateways/${otherGateway.id}/results`], {
          qos: 1,
        })
        .then(
          (grants) => grants.map((grant) => grant.qos),
          (error: { packet: { granted: number[] } }) => error.packet.granted,
        );
      expect(granted).toEqual([1, 0x87]);
      await client.endAsync();
    });

    /** A connection that writes what mqtt.js would not send, and the MQTT 5 packets it gets. */
    const rawV5 = async () => {
      const socket = net.connect(listener.port, '127.0.0.1');
      await once(socket, 'connect');
      const received: Packet[] = [];
      const parser = mqttPacket.parser({ protocolVersion: 5 });
      parser.on('packet', (packet: Packet) => received.push(packet));
      socket.on('data', (chunk: Buffer) => parser.parse(chunk));
      const write = (packet: Packet) =>
        socket.write(mqttPacket.generate(packet, { protocolVersion: 5 }));
      return { socket, received, write, closed: once(socket, 'close') };
    };

    it('disconnects a publish by topic alias (none offered: 0x94)', async () => {
      // mqtt.js sends no alias the server did not offer.
      const { received, write, closed } = await rawV5();
      write({
        cmd: 'connect',
        protocolVersion: 5,
        clientId: 'alias',
        clean: true,
        keepalive: 60,
        username: gateway.id,
        password: Buffer.from(gateway.key),
      });
      await expect.poll(() => received.length).toBe(1);
      write({
        cmd: 'publish',
        topic: `gateways/${gateway.id}/status`,
        payload: 'online',
        qos: 0,
        dup: false,
        retain: false,
        properties: { topicAlias: 1 },
      });
      await closed;
      expect(received).toMatchObject([
        { cmd: 'connack', reasonCode: 0 },
        { cmd: 'disconnect', reasonCode: 0x94 },
      ]);
    });

    it('refuses a key without a user name (0x86), which MQTT 3.1.1 cannot even say', async () => {
      const { socket, received, closed } = await rawV5();
      // Level 5, flags: password and clean start; keep alive 60 s; no properties.
      socket.write(
        rawPacket(
          0x10,
          prefixed('MQTT'),
          Buffer.from([5, 0x42, 0, 60, 0]),
          prefixed('no-user'),
          prefixed(gateway.key),
        ),
      );
      await closed;
      expect(received).toMatchObject([{ cmd: 'connack', reasonCode: 0x86 }]);
      expect(subject.logs.join('')).toContain('no username or password');
    });

    it('sends no publish larger than the client takes, and acknowledges its own still', async () => {
      const { client } = await connectV5(gateway, { properties: { maximumPacketSize: 100 } });
      const received: string[] = [];
      client.on('message', (topic) => received.push(topic));
      await client.subscribeAsync(`gateways/${gateway.id}/results`, { qos: 1 });
      const batch = readingsOf(1);
      await client.publishAsync(
        `gateways/${gateway.id}/readings`,
        JSON.stringify({
          readings: batch,
          batch: 'an answer longer than 100 bytes with its topic',
        }),
        { qos: 1 },
      );
      expect(await storedAt(batch.map((reading) => reading.at))).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toEqual([]);
      expect(client.connected).toBe(true);
      await client.endAsync();
    });

    it('marks the gateway offline at once when its connection drops, whatever delay its will asks', async () => {
      const { client } = await connectV5(gateway, {
        properties: { sessionExpiryInterval: 3600 },
        will: { ...will(gateway), properties: { willDelayInterval: 600 } },
      });
      const closed = closing(client);
      client.stream.destroy();
      await closed;
      await expect.poll(() => openDisconnected(gateway.id), { timeout: 3000 }).toBe(1);
      await (await connectV5(gateway)).client.endAsync();
      expect(await openDisconnected(gateway.id)).toBe(0);
    });

    it('marks it offline at a DISCONNECT with will (0x04) or with an error, not at a normal one', async () => {
      const plain = await connectV5(gateway, { will: will(gateway) });
      await plain.client.endAsync();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await openDisconnected(gateway.id)).toBe(0);
      for (const reasonCode of [0x04, 0x80]) {
        const { client } = await connectV5(gateway, { will: will(gateway) });
        await new Promise<void>((resolve) => client.end(false, { reasonCode }, () => resolve()));
        await expect
          .poll(() => openDisconnected(gateway.id), { timeout: 3000, message: String(reasonCode) })
          .toBe(1);
        await (await connectV5(gateway)).client.endAsync();
      }
    });

    it('closes the connection without a PUBACK when the readings cannot be stored', async () => {
      const { client } = await connectV5(gateway);
      const batch = readingsOf(1);
      expect(await publishWhileReadingsFail(client, gateway, batch)).toEqual({
        acknowledged: false,
      });
      expect(await storedAt(batch.map((reading) => reading.at))).toBe(0);
    });
  });

  describe('readings', () => {
    it('stores readings published at QoS 1, acknowledges them after the commit and answers on results', async () => {
      const { client, nextAnswer } = await listening(gateway);
      const batch = readingsOf(3);
      const topic = `gateways/${gateway.id}/readings`;
      await client.publishAsync(topic, JSON.stringify({ readings: batch, batch: 'b-1' }), {
        qos: 1,
      });
      // The PUBACK came: the readings are stored, as anyone reading the database sees them.
      expect(await storedAt(batch.map((reading) => reading.at))).toBe(3);
      expect(await nextAnswer()).toEqual({
        accepted: 3,
        duplicates: 0,
        rejected: [],
        batch: 'b-1',
      });
      // The same again (a gateway's redelivery): duplicates, nothing stored twice.
      await client.publishAsync(topic, JSON.stringify({ readings: batch }), { qos: 1 });
      expect(await nextAnswer()).toEqual({ accepted: 0, duplicates: 3, rejected: [] });
      await client.endAsync();
    });

    it('rejects by index what it cannot keep, as over HTTP', async () => {
      const { client, nextAnswer } = await listening(gateway);
      const [good] = readingsOf(1);
      const payload = {
        readings: [
          { ...good, meter: '99999999' },
          good,
          { ...good, at: (good?.at ?? '').replace('Z', '') },
          { ...good, unit: 'm3' },
        ],
      };
      await client.publishAsync(`gateways/${gateway.id}/readings`, JSON.stringify(payload), {
        qos: 1,
      });
      expect(await nextAnswer()).toEqual({
        accepted: 1,
        duplicates: 0,
        rejected: [
          { index: 0, code: 'UNKNOWN_METER' },
          { index: 2, code: 'NO_TIMEZONE' },
          { index: 3, code: 'WRONG_UNIT' },
        ],
      });
      await client.endAsync();
    });

    it('takes the ID number in the topics too, answering on the spelling the gateway used', async () => {
      const { client, nextAnswer } = await listening(gateway, 'aabbcc000001', {
        username: 'AA:BB:CC:00:00:01',
      });
      const batch = readingsOf(2);
      await client.publishAsync(
        'gateways/aabbcc000001/readings',
        JSON.stringify({ readings: batch }),
        { qos: 1 },
      );
      expect(await nextAnswer()).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
      await client.endAsync();
    });

    it('acknowledges a payload that is not the body, and answers why on results', async () => {
      const { client, nextAnswer } = await listening(gateway);
      const topic = `gateways/${gateway.id}/readings`;
      await client.publishAsync(topic, 'meter=KAM12345678 value=1', { qos: 1 });
      expect(await nextAnswer()).toMatchObject({
        error: { code: 'BAD_REQUEST', issues: [{ rule: 'invalid_json' }] },
      });
      await client.publishAsync(
        topic,
        JSON.stringify({ readings: [{ meter: METER }], batch: 'b-2' }),
        {
          qos: 1,
        },
      );
      const answer = await nextAnswer();
      expect(answer).toMatchObject({ error: { code: 'VALIDATION_FAILED' }, batch: 'b-2' });
      expect(JSON.stringify(answer)).toContain('readings.0.at');
      expect(client.connected).toBe(true);
      await client.endAsync();
    });

    it('takes readings at QoS 0 (the answer the only receipt) and at QoS 2', async () => {
      const { client, nextAnswer } = await listening(gateway);
      const topic = `gateways/${gateway.id}/readings`;
      const atMostOnce = readingsOf(2);
      await client.publishAsync(topic, JSON.stringify({ readings: atMostOnce }), { qos: 0 });
      expect(await nextAnswer()).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
      expect(await storedAt(atMostOnce.map((reading) => reading.at))).toBe(2);
      const exactlyOnce = readingsOf(2);
      await client.publishAsync(topic, JSON.stringify({ readings: exactlyOnce }), { qos: 2 });
      expect(await storedAt(exactlyOnce.map((reading) => reading.at))).toBe(2);
      expect(await nextAnswer()).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
      await client.endAsync();
    });

    it('sends no PUBACK while the readings are not committed', async () => {
      const client = await connectAs(gateway);
      const batch = readingsOf(2);
      let acknowledged = false;
      let published: Promise<unknown> = Promise.resolve();
      // Someone else holds the meter (as a concurrent batch for it would): the ingest waits.
      await db().transaction(async (transaction) => {
        await transaction.execute(sql`select id from devices where id = ${meterId} for update`);
        published = client
          .publishAsync(`gateways/${gateway.id}/readings`, JSON.stringify({ readings: batch }), {
            qos: 1,
          })
          .then(() => {
            acknowledged = true;
          });
        if (driver === 'postgres') await untilWaitingForLock(db());
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(acknowledged).toBe(false);
        // (Asked inside the transaction: on PGlite, its one connection is the transaction's.)
        expect(
          await storedAt(
            batch.map((reading) => reading.at),
            transaction,
          ),
        ).toBe(0);
      });
      await published;
      expect(await storedAt(batch.map((reading) => reading.at))).toBe(2);
      await client.endAsync();
    });

    it('closes the connection without a PUBACK when the readings cannot be stored', async () => {
      const client = await connectAs(gateway, { will: will(gateway) });
      const batch = readingsOf(1);
      expect(await publishWhileReadingsFail(client, gateway, batch)).toEqual({
        acknowledged: false,
      });
      expect(subject.logs.join('')).toContain('MQTT: readings not stored');
      // The gateway sends them again, and now they are stored; the portal's closing was no will.
      const again = await connectAs(gateway);
      await again.publishAsync(
        `gateways/${gateway.id}/readings`,
        JSON.stringify({ readings: batch }),
        { qos: 1 },
      );
      expect(await storedAt(batch.map((reading) => reading.at))).toBe(1);
      expect(await openDisconnected(gateway.id)).toBe(0);
      await again.endAsync();
    });

    it('stops a connection whose key was renewed since it signed in, at its next publish', async () => {
      // A listener of its own whose periodic key check never comes: the publish closes it.
      const own = await startMqttListener({
        settings: { port: 0, host: '127.0.0.1', tls: undefined },
        context: subject.app.portal,
        log: subject.app.log,
        keyCheckMs: 3_600_000,
      });
      onTestFinished(() => own.close());
      const client = await connect({
        servers: [{ host: '127.0.0.1', port: own.port }],
        username: renewedGateway.id,
        password: renewedGateway.key,
      });
      const oldKey = renewedGateway.key;
      renewedGateway.key = await renewKey(renewedGateway.id);
      const payload = JSON.stringify({ readings: readingsOf(1) });
      expect(
        await publishUntilClosed(client, `gateways/${renewedGateway.id}/readings`, payload),
      ).toEqual({ acknowledged: false });
      expect(await refusal({ username: renewedGateway.id, password: oldKey })).toBe(4);
      const renewed = await connectAs(renewedGateway);
      expect(renewed.connected).toBe(true);
      await renewed.endAsync();
    });

    it('stops a connection that only listens once its key is renewed, without a will', async () => {
      const { client } = await listening(renewedGateway);
      const closed = closing(client);
      renewedGateway.key = await renewKey(renewedGateway.id);
      await closed;
      expect(await openDisconnected(renewedGateway.id)).toBe(0);
    });

    it('gives another gateway none of its answers', async () => {
      const own = await listening(gateway);
      const other = await listening(otherGateway);
      let otherHeard = false;
      other.client.on('message', () => {
        otherHeard = true;
      });
      const payload = JSON.stringify({ readings: readingsOf(1) });
      await own.client.publishAsync(`gateways/${gateway.id}/readings`, payload, { qos: 1 });
      expect(await own.nextAnswer()).toMatchObject({ accepted: 1 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(otherHeard).toBe(false);
      await Promise.all([own.client.endAsync(), other.client.endAsync()]);
    });
  });

  describe('topics', () => {
    it.each([
      ['another gateway’s readings', () => `gateways/${otherGateway.id}/readings`],
      ['another topic', () => 'meters/readings'],
      ['its own results', () => `gateways/${gateway.id}/results`],
      ['a topic under its own', () => `gateways/${gateway.id}/readings/extra`],
    ])('closes the connection without a PUBACK for a publish to %s', async (_name, topic) => {
      const client = await connectAs(gateway);
      expect(await publishUntilClosed(client, topic(), '{"readings":[]}')).toEqual({
        acknowledged: false,
      });
    });

    it('subscribes a gateway to its own results only', async () => {
      const client = await connectAs(gateway);
      // The SUBACK's code per topic (mqtt.js rejects the whole call when one is refused).
      const granted = await client
        .subscribeAsync(
          [
            `gateways/${gateway.id}/results`,
            'gateways/aabbcc000001/results',
            `gateways/${otherGateway.id}/results`,
            'gateways/+/results',
            '#',
            `gateways/${gateway.id}/readings`,
            '$SYS/#',
          ],
          { qos: 1 },
        )
        .then(
          (grants) => grants.map((grant) => grant.qos),
          (error: { packet: { granted: number[] } }) => error.packet.granted,
        );
      expect(granted).toEqual([1, 1, 128, 128, 128, 128, 128]);
      await client.endAsync();
    });

    it('accepts a publish to its own status (a birth message) and keeps nothing of it', async () => {
      const client = await connectAs(gateway);
      await client.publishAsync(`gateways/${gateway.id}/status`, 'online', {
        qos: 1,
        retain: true,
      });
      const listenerClient = await connectAs(gateway);
      const received: string[] = [];
      listenerClient.on('message', (topic) => received.push(topic));
      await listenerClient.subscribeAsync(`gateways/${gateway.id}/results`, { qos: 1 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toEqual([]);
      expect(client.connected).toBe(true);
      await Promise.all([client.endAsync(), listenerClient.endAsync()]);
    });

    it('keeps no session after a connection: one asked to persist starts empty next time', async () => {
      const persistent = { clean: false, clientId: 'persistent-session' };
      const first = await connectAs(gateway, persistent);
      await first.subscribeAsync(`gateways/${gateway.id}/results`, { qos: 1 });
      await first.endAsync();
      // While it is away, a batch of another connection of the gateway gets its answer: nothing
      // is kept for the session asked to persist (its queue would grow for a gateway gone).
      const sender = await listening(gateway);
      sender.client.publish(
        `gateways/${gateway.id}/readings`,
        JSON.stringify({ readings: readingsOf(1) }),
        { qos: 1 },
      );
      expect(await sender.nextAnswer()).toMatchObject({ accepted: 1 });
      const again = mqtt.connect(url, {
        reconnectPeriod: 0,
        protocolVersion: 4,
        username: gateway.id,
        password: gateway.key,
        ...persistent,
      });
      clients.push(again);
      const received: string[] = [];
      again.on('message', (topic) => received.push(topic));
      const connack = await new Promise<{ sessionPresent: boolean }>((resolve) =>
        again.once('connect', resolve),
      );
      expect(connack.sessionPresent).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received).toEqual([]);
      await Promise.all([again.endAsync(), sender.client.endAsync()]);
    });
  });

  it('closes a connection that leaves more QoS 2 publishes than it may without their PUBREL', async () => {
    const socket = net.connect(listener.port, '127.0.0.1');
    await once(socket, 'connect');
    let received = 0;
    const waiters: { bytes: number; resolve: () => void }[] = [];
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      for (const waiter of waiters.filter((item) => received >= item.bytes)) waiter.resolve();
    });
    const untilReceived = (bytes: number) =>
      new Promise<void>((resolve) => {
        if (received >= bytes) resolve();
        else waiters.push({ bytes, resolve });
      });
    const closed = once(socket, 'close');
    // CONNECT: "MQTT" level 4, username + password + clean session, keep alive 60 s.
    socket.write(
      rawPacket(
        0x10,
        prefixed('MQTT'),
        Buffer.from([4, 0xc2, 0, 60]),
        prefixed('raw-qos2'),
        prefixed(gateway.id),
        prefixed(gateway.key),
      ),
    );
    await untilReceived(4); // CONNACK
    // Birth messages at QoS 2 (0x34), each answered PUBREC, none released by a PUBREL.
    const publish = (id: number) =>
      rawPacket(
        0x34,
        prefixed(`gateways/${gateway.id}/status`),
        Buffer.from([id >> 8, id & 0xff]),
        Buffer.from('online'),
      );
    for (let id = 1; id <= MAX_QOS2_IN_FLIGHT; id++) socket.write(publish(id));
    await untilReceived(4 + 4 * MAX_QOS2_IN_FLIGHT);
    expect(socket.destroyed).toBe(false);
    socket.write(publish(MAX_QOS2_IN_FLIGHT + 1));
    await closed;
    expect(received).toBe(4 + 4 * MAX_QOS2_IN_FLIGHT);
  });

  describe('size', () => {
    it('closes the connection without a PUBACK at a publish over 4 MB', async () => {
      const client = await connectAs(gateway);
      const topic = `gateways/${gateway.id}/readings`;
      // Far over: refused at the packet's header, before it is read.
      const far = await publishUntilClosed(
        client,
        topic,
        Buffer.alloc(READINGS_BODY_LIMIT + 100_000, 0x20),
      );
      expect(far).toEqual({ acknowledged: false });
      // Just over (within the room kept for the topic): refused once read.
      const again = await connectAs(gateway);
      const just = await publishUntilClosed(
        again,
        topic,
        Buffer.alloc(READINGS_BODY_LIMIT + 1, 0x20),
      );
      expect(just).toEqual({ acknowledged: false });
      const logs = subject.logs.join('');
      expect(logs).toContain('MQTT: packet too large, closed');
      expect(logs).toContain('MQTT: payload over 4 MB');
    });
  });

  describe('the last will', () => {
    const drop = (client: MqttClient) => {
      const closed = closing(client);
      client.stream.destroy();
      return closed;
    };

    it('marks the gateway offline the moment its connection drops, and online when it is back', async () => {
      const client = await connectAs(gateway, { will: will(gateway) });
      expect(await openDisconnected(gateway.id)).toBe(0);
      await drop(client);

      await expect.poll(() => openDisconnected(gateway.id), { timeout: 3000 }).toBe(1);
      const [alert] = await db().select().from(alerts).where(eq(alerts.deviceId, gateway.id));
      expect(alert).toMatchObject({ kind: 'offline', details: { reason: 'disconnected' } });
      const back = await connectAs(gateway);
      expect(await openDisconnected(gateway.id)).toBe(0);
      await back.endAsync();
    });

    it('does not mark it offline after a clean DISCONNECT', async () => {
      const client = await connectAs(gateway, { will: will(gateway) });
      await client.endAsync();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await openDisconnected(gateway.id)).toBe(0);
    });

    it('does not mark it offline when it reconnected before the old connection went', async () => {
      const old = await connectAs(gateway, { will: will(gateway), clientId: 'gw-1' });
      const closed = closing(old);
      // The same client id: the broker drops the old connection, whose will is then sent.
      const fresh = await connectAs(gateway, { will: will(gateway), clientId: 'gw-1' });
      await closed;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await openDisconnected(gateway.id)).toBe(0);
      await fresh.endAsync();
    });

    it('does not mark it offline when the portal shuts down', async () => {
      const own = await startMqttListener({
        settings: { port: 0, host: '127.0.0.1', tls: undefined },
        context: subject.app.portal,
        log: subject.app.log,
      });
      const client = await connect({
        servers: [{ host: '127.0.0.1', port: own.port }],
        username: gateway.id,
        password: gateway.key,
        will: will(gateway),
      });
      const closed = closing(client);
      await own.close();
      await closed;
      expect(await openDisconnected(gateway.id)).toBe(0);
    });

    it('does not mark it offline when the portal refused its publish and closed the connection', async () => {
      const client = await connectAs(gateway, { will: will(gateway) });
      await publishUntilClosed(client, 'meters/readings', '{}');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await openDisconnected(gateway.id)).toBe(0);
    });
  });

  describe('over TLS', () => {
    let certificate: TestCertificate;
    let secure: MqttListener;
    beforeAll(async () => {
      certificate = makeTestCertificate();
      secure = await startMqttListener({
        settings: {
          port: 0,
          host: '127.0.0.1',
          tls: { cert: certificate.cert, key: certificate.key },
        },
        context: subject.app.portal,
        log: subject.app.log,
      });
    });
    afterAll(async () => {
      await secure?.close();
      certificate?.remove();
    });

    it('signs a gateway in over TLS, and a client without TLS gets nothing', async () => {
      const client = await connect({
        servers: [{ host: 'localhost', port: secure.port, protocol: 'mqtts' }],
        ca: certificate.cert,
        username: gateway.id,
        password: gateway.key,
      });
      expect(client.connected).toBe(true);
      await client.endAsync();
      const plain = mqtt.connect({
        servers: [{ host: '127.0.0.1', port: secure.port }],
        username: gateway.id,
        password: gateway.key,
        reconnectPeriod: 0,
      });
      clients.push(plain);
      const outcome = await Promise.race([
        new Promise((resolve) => plain.once('connect', () => resolve('connected'))),
        closing(plain).then(() => 'closed'),
      ]);
      expect(outcome).toBe('closed');
    });
  });
});
