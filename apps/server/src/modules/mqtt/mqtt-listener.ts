// The MQTT listener of the portal process (DESIGN §3, §4.3): when MQTT_PORT is set, gateways
// connect here over TCP, or TLS with MQTT_TLS_CERT/MQTT_TLS_KEY, to the broker of
// gateway-broker.ts. This module owns the sockets: the packet size limit, and closing them all.
import net from 'node:net';
import tls from 'node:tls';
import { READINGS_BODY_LIMIT } from '@portal/contracts/readings';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { ReadingIngestService } from '../telemetry/reading-ingest.service';
import { GatewayBroker } from './gateway-broker';
import { bridgeMqtt5, connectProtocolLevel, loadMqttCodec } from './mqtt5-bridge';
import { guardPacketSize } from './packet-size-guard';

/** Before signing in, a client sends CONNECT: an id, a will, a username and a key. */
export const CONNECT_PACKET_LIMIT = 64 * 1024;
/** A publish of 4 MB of readings, with room for its topic (≤ 64 KB) and packet id. */
export const PUBLISH_PACKET_LIMIT = READINGS_BODY_LIMIT + 64 * 1024 + 4;
/** A TLS client that has not finished its handshake by then is let go. */
const TLS_HANDSHAKE_TIMEOUT_MS = 10_000;
/** A client that has not sent its CONNECT's first bytes by then is let go (aedes' own wait for a
 * CONNECT begins only once it has the connection). */
const CONNECT_START_TIMEOUT_MS = 10_000;

/**
 * The protocol level the connection's CONNECT announces (undefined: not a CONNECT, or nothing in
 * time — aedes refuses or times it out), its bytes left unread for whoever reads the connection.
 */
function readConnectLevel(socket: net.Socket): Promise<number | undefined> {
  return new Promise((resolve) => {
    let read = Buffer.alloc(0);
    const finish = (level: number | undefined) => {
      clearTimeout(timer);
      socket.off('readable', onReadable);
      socket.off('close', onClose);
      if (read.length > 0 && !socket.destroyed) socket.unshift(read);
      resolve(level);
    };
    const onReadable = () => {
      for (let chunk = socket.read(); chunk !== null; chunk = socket.read())
        read = Buffer.concat([read, chunk as Buffer]);
      const level = connectProtocolLevel(read, CONNECT_PACKET_LIMIT);
      if (level !== undefined) finish(level ?? undefined);
    };
    const onClose = () => finish(undefined);
    const timer = setTimeout(() => socket.destroy(), CONNECT_START_TIMEOUT_MS);
    socket.on('readable', onReadable);
    socket.once('close', onClose);
  });
}

export type MqttSettings = {
  port: number;
  host: string;
  tls: { cert: Buffer; key: Buffer } | undefined;
};

export type MqttListener = {
  /** The port it listens on (the one asked for, or the one given for port 0). */
  port: number;
  /** Stops taking connections, disconnects every gateway and waits for the writes under way. */
  close(): Promise<void>;
};

/** Listens for gateways; readings go to the same ingest as POST /api/ingest/readings. */
export async function startMqttListener({
  settings,
  context,
  log,
  keyCheckMs,
}: {
  settings: MqttSettings;
  context: AppContext;
  log: FastifyBaseLogger;
  /** GatewayBroker's KEY_CHECK_MS, shorter in tests. */
  keyCheckMs?: number;
}): Promise<MqttListener> {
  // Loaded here, not at the portal's start: most starts have no MQTT port (~0.1 s of CPU).
  const [{ Aedes }] = await Promise.all([import('aedes'), loadMqttCodec()]);
  const readings = new ReadingIngestService(context, log);
  const broker = new GatewayBroker({
    aedes: Aedes,
    db: context.database.db,
    ingest: (gateway, body) => readings.ingest(gateway, body),
    log,
    keyCheckMs,
  });
  await broker.start();
  const sockets = new Set<net.Socket>();

  const serve = async (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A connection reset while its CONNECT is awaited (a port scanner, a health check) must not
    // be an unhandled 'error' event, which ends the process; aedes adds its own once it has it.
    socket.on('error', (error) => log.debug({ err: error }, 'MQTT: connection error'));
    // MQTT 5 clients through the bridge (mqtt5-bridge.ts), 3.1 and 3.1.1 straight to aedes.
    const level = await readConnectLevel(socket);
    if (socket.destroyed) return;
    const client = broker.handle(level === 5 ? bridgeMqtt5(socket, PUBLISH_PACKET_LIMIT) : socket);
    guardPacketSize(
      socket,
      () => (broker.isSignedIn(client) ? PUBLISH_PACKET_LIMIT : CONNECT_PACKET_LIMIT),
      (bytes) => {
        broker.closingByPortal(client);
        log.warn({ bytes, signedIn: broker.isSignedIn(client) }, 'MQTT: packet too large, closed');
      },
    );
  };
  // PUBACKs are small and awaited: sent at once, not held back by Nagle's algorithm.
  const server = settings.tls
    ? tls.createServer(
        {
          cert: settings.tls.cert,
          key: settings.tls.key,
          noDelay: true,
          handshakeTimeout: TLS_HANDSHAKE_TIMEOUT_MS,
        },
        (socket) => void serve(socket),
      )
    : net.createServer({ noDelay: true }, (socket) => void serve(socket));
  if (settings.tls) {
    server.on('tlsClientError', (error) => log.debug({ err: error }, 'MQTT: TLS handshake failed'));
  }

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port, settings.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await broker.close();
    throw error;
  }
  server.on('error', (error) => log.error({ err: error }, 'MQTT: listener failed'));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;

  return {
    port,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await broker.close();
      // Connections that never signed in are not aedes' to close.
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
