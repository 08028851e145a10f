// MQTT 5 for gateways over the portal's MQTT 3.1.1 broker (DESIGN §4.4: "3.1.1/5"). aedes 1.x
// speaks 3.1 and 3.1.1 only, and its 2.0 beta, which speaks 5, lacks 1.x's security fixes
// (docs/telemetry.md "MQTT"). So an MQTT 5 client's connection goes through a bridge: each of its
// packets is read as MQTT 5 and handed to aedes as its MQTT 3.1.1 twin, and each of aedes' packets
// is written back as MQTT 5, with the reason codes MQTT 5 has. What MQTT 5 adds that a gateway
// needs nothing of (properties, subscription options, the session's expiry, a will's delay) is
// dropped and, where the protocol says so, the CONNACK tells the client; what the portal does
// not offer (topic aliases, enhanced authentication) is refused as the protocol says.
import { randomUUID } from 'node:crypto';
import type net from 'node:net';
import { Duplex } from 'node:stream';
import type * as MqttPacket from 'mqtt-packet';
import type { IPublishPacket, Packet } from 'mqtt-packet';
import { MAX_QOS2_IN_FLIGHT } from './gateway-broker';

let mqttPacket: typeof MqttPacket | undefined;
/** Loads the MQTT codec, when a listener starts rather than at every start of the portal. */
export async function loadMqttCodec() {
  // A CommonJS module: its exports are the default export.
  mqttPacket ??= ((await import('mqtt-packet')) as { default: typeof MqttPacket }).default;
}
/** The codec loadMqttCodec() loaded. */
function codec() {
  if (!mqttPacket) throw new Error('loadMqttCodec() has not run');
  return mqttPacket;
}

/** MQTT 3.1.1 CONNACK return codes (index) as MQTT 5 CONNACK reason codes (§3.2.2.2). */
const CONNACK_REASON_CODES = [0x00, 0x84, 0x85, 0x88, 0x86, 0x87];
/** MQTT 5 reason codes the bridge itself sends (§2.4). */
const Reason = {
  success: 0x00,
  disconnectWithWill: 0x04,
  unspecifiedError: 0x80,
  malformedPacket: 0x81,
  protocolError: 0x82,
  notAuthorized: 0x87,
  badAuthenticationMethod: 0x8c,
  topicAliasInvalid: 0x94,
} as const;
/** aedes' SUBACK code for a refused subscription (MQTT 3.1.1 "failure"). */
const SUBACK_FAILURE = 0x80;

/** How long a connection the portal ends may take to receive what was written to it. */
const FLUSH_MS = 1000;

/**
 * The protocol level of the CONNECT packet `bytes` begin with (§3.1.2.2: 4 for 3.1.1, 5 for 5),
 * undefined while too few bytes have come, null when they are not the start of a CONNECT of at
 * most `maxLength` bytes after its fixed header (the packet size guard closes the others).
 */
export function connectProtocolLevel(bytes: Buffer, maxLength: number): number | null | undefined {
  if (bytes.length === 0) return undefined;
  if (bytes[0] !== 0x10) return null;
  // The remaining length: 1–4 bytes of 7 bits (§2.2.3).
  let at = 1;
  let length = 0;
  for (;;) {
    const byte = bytes[at];
    if (byte === undefined) return undefined;
    length += (byte & 0x7f) * 128 ** (at - 1);
    at += 1;
    if ((byte & 0x80) === 0) break;
    if (at > 4) return null;
  }
  if (length > maxLength) return null;
  // The protocol name ("MQTT", or "MQIsdp" for 3.1) with its 2-byte length, then the level.
  if (bytes.length < at + 2) return undefined;
  const nameLength = bytes.readUInt16BE(at);
  if (nameLength > 6) return null;
  return bytes[at + 2 + nameLength];
}

/** A publish without its properties (the same in both versions then). */
const plainPublish = (packet: IPublishPacket, retain: boolean): IPublishPacket => ({
  cmd: 'publish',
  topic: packet.topic,
  payload: packet.payload,
  qos: packet.qos,
  retain,
  dup: packet.dup,
  ...(packet.qos > 0 ? { messageId: packet.messageId } : {}),
});

/**
 * Speaks MQTT 5 on `socket` and MQTT 3.1.1 on the returned stream, for aedes to handle. The socket
 * closing closes the stream (aedes then sends the will); aedes closing the stream ends the socket
 * once what was written to it has gone.
 */
export function bridgeMqtt5(socket: net.Socket, maximumPacketSize: number): Duplex {
  return new Mqtt5Bridge(socket, maximumPacketSize);
}

class Mqtt5Bridge extends Duplex {
  private readonly fromClient = codec().parser({ protocolVersion: 5 });
  private readonly fromBroker = codec().parser({ protocolVersion: 4 });
  /** What the CONNACK must answer for: a session kept longer than the connection was asked
   * for, or the client id the bridge gave a client that sent none. */
  private askedSessionExpiry = 0;
  private assignedClientId: string | undefined;
  /** Per UNSUBSCRIBE in flight, its number of topics: an MQTT 5 UNSUBACK has a code for each. */
  private readonly unsubscribing = new Map<number, number>();
  /** Until a CONNACK has gone, a refusal is a CONNACK with its reason code, not a DISCONNECT
   * ([MQTT-3.14.0-1]). */
  private connackSent = false;
  /** The largest packet the client takes (its CONNECT's Maximum Packet Size): a larger publish is
   * not sent to it ([MQTT-3.1.2-24]). */
  private clientMaximumPacketSize = Number.POSITIVE_INFINITY;

  constructor(
    private readonly socket: net.Socket,
    private readonly maximumPacketSize: number,
  ) {
    super();
    // A packet that cannot be written in the other version (MQTT 5 allows a password without a
    // user name, 3.1.1 does not) ends the connection: the handlers run inside the socket's data
    // event, where an exception would end the process.
    this.fromClient.on('packet', (packet: Packet) => {
      try {
        this.fromClientPacket(packet);
      } catch {
        this.refuse(Reason.protocolError);
      }
    });
    this.fromClient.on('error', () => this.refuse(Reason.malformedPacket));
    this.fromBroker.on('packet', (packet: Packet) => {
      try {
        this.toClient(packet);
      } catch (error) {
        this.destroy(error as Error);
      }
    });
    this.fromBroker.on('error', (error) => this.destroy(error));
    socket.on('data', (chunk: Buffer) => this.fromClient.parse(chunk));
    // A socket that broke or was closed by the client: to aedes, a dropped connection.
    socket.once('close', () => this.destroy());
    socket.on('error', () => {});
  }

  override _read() {
    this.socket.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.fromBroker.parse(chunk);
    // The client reads slowly: aedes waits, as it would on the socket itself.
    if (!this.socket.writableNeedDrain || this.socket.destroyed) return done();
    const go = () => {
      this.socket.off('drain', go);
      this.socket.off('close', go);
      done();
    };
    this.socket.once('drain', go);
    this.socket.once('close', go);
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void) {
    // aedes closed the connection (after a refusal it wrote, which must still reach the client).
    if (!this.socket.destroyed) {
      this.socket.end();
      setTimeout(() => this.socket.destroy(), FLUSH_MS).unref();
    }
    done(error);
  }

  /** Hands a packet to aedes as MQTT 3.1.1. */
  private toBroker(packet: Packet) {
    if (!this.push(codec().generate(packet, { protocolVersion: 4 }))) this.socket.pause();
  }

  /** Writes a packet to the client, unless it is larger than `largest`. */
  private send(packet: Packet, largest = Number.POSITIVE_INFINITY) {
    if (this.socket.destroyed) return;
    const bytes = codec().generate(packet, { protocolVersion: 5 });
    if (bytes.length <= largest) this.socket.write(bytes);
  }

  /** Ends the connection saying why — a CONNACK before one has gone, else a DISCONNECT (§3.14);
   * to aedes a dropped connection. */
  private refuse(reasonCode: number) {
    if (this.connackSent) this.send({ cmd: 'disconnect', reasonCode });
    else this.send({ cmd: 'connack', sessionPresent: false, reasonCode });
    this.destroy();
  }

  private fromClientPacket(packet: Packet) {
    switch (packet.cmd) {
      case 'connect': {
        // Enhanced authentication (§4.12) is not offered: gateways sign in with their key.
        if (packet.properties?.authenticationMethod)
          return this.refuse(Reason.badAuthenticationMethod);
        this.askedSessionExpiry = packet.properties?.sessionExpiryInterval ?? 0;
        this.clientMaximumPacketSize =
          packet.properties?.maximumPacketSize ?? Number.POSITIVE_INFINITY;
        // MQTT 5 lets a client leave its id to the server, which then says which it gave.
        if (!packet.clientId) this.assignedClientId = `auto-${randomUUID()}`;
        this.toBroker({
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clientId: packet.clientId || (this.assignedClientId as string),
          clean: true,
          keepalive: packet.keepalive ?? 0,
          // MQTT 5 allows a key without a user name, 3.1.1 does not: an empty one, which the
          // broker refuses (bad user name or password) and logs as any other.
          ...(packet.username === undefined && packet.password === undefined
            ? {}
            : { username: packet.username ?? '' }),
          ...(packet.password === undefined ? {} : { password: packet.password }),
          // Without its delay: the session ends with the connection, and a will goes no later.
          ...(packet.will
            ? {
                will: {
                  topic: packet.will.topic,
                  payload: packet.will.payload,
                  qos: packet.will.qos ?? 0,
                  retain: packet.will.retain ?? false,
                },
              }
            : {}),
        });
        return;
      }
      case 'publish':
        // The CONNACK offered no topic aliases (Topic Alias Maximum absent: 0, §3.2.2.3.8).
        if (packet.properties?.topicAlias !== undefined)
          return this.refuse(Reason.topicAliasInvalid);
        this.toBroker(plainPublish(packet, packet.retain));
        return;
      case 'puback':
      case 'pubrec':
      case 'pubrel':
      case 'pubcomp':
        this.toBroker({ cmd: packet.cmd, messageId: packet.messageId });
        return;
      case 'subscribe':
        this.toBroker({
          cmd: 'subscribe',
          messageId: packet.messageId,
          subscriptions: packet.subscriptions.map(({ topic, qos }) => ({ topic, qos })),
        });
        return;
      case 'unsubscribe':
        this.unsubscribing.set(packet.messageId ?? 0, packet.unsubscriptions.length);
        this.toBroker({
          cmd: 'unsubscribe',
          messageId: packet.messageId,
          unsubscriptions: packet.unsubscriptions,
        });
        return;
      case 'pingreq':
        this.toBroker({ cmd: 'pingreq' });
        return;
      case 'disconnect':
        // Only a normal disconnection (0x00) discards the will ([MQTT-3.14.4-3]): "with will
        // message" (0x04) and the client's error codes end as a dropped connection does in 3.1.1.
        if ((packet.reasonCode ?? Reason.success) === Reason.success)
          this.toBroker({ cmd: 'disconnect' });
        else this.destroy();
        return;
      default:
        // AUTH without enhanced authentication, or a packet only a server sends.
        return this.refuse(Reason.protocolError);
    }
  }

  private toClient(packet: Packet) {
    switch (packet.cmd) {
      case 'connack': {
        const reasonCode = CONNACK_REASON_CODES[packet.returnCode ?? 0] ?? Reason.unspecifiedError;
        this.send({
          cmd: 'connack',
          sessionPresent: false,
          reasonCode,
          ...(reasonCode === Reason.success ? { properties: this.connackProperties() } : {}),
        });
        this.connackSent = reasonCode === Reason.success;
        return;
      }
      case 'publish':
        this.send(plainPublish(packet, false), this.clientMaximumPacketSize);
        return;
      case 'puback':
      case 'pubrec':
      case 'pubrel':
      case 'pubcomp':
        this.send({ cmd: packet.cmd, messageId: packet.messageId, reasonCode: Reason.success });
        return;
      case 'suback':
        this.send({
          cmd: 'suback',
          messageId: packet.messageId,
          granted: (packet.granted as number[]).map((code) =>
            code === SUBACK_FAILURE ? Reason.notAuthorized : code,
          ),
        });
        return;
      case 'unsuback': {
        const topics = this.unsubscribing.get(packet.messageId ?? 0) ?? 1;
        this.unsubscribing.delete(packet.messageId ?? 0);
        this.send({
          cmd: 'unsuback',
          messageId: packet.messageId,
          granted: Array.from({ length: topics }, () => Reason.success),
        });
        return;
      }
      case 'pingresp':
        this.send({ cmd: 'pingresp' });
        return;
      default:
        return;
    }
  }

  /** What a signed-in MQTT 5 client is told it may do (§3.2.2.3). */
  private connackProperties() {
    return {
      maximumPacketSize: this.maximumPacketSize,
      // Past this many QoS 2 publishes awaiting their PUBREL, the broker closes the connection.
      receiveMaximum: MAX_QOS2_IN_FLIGHT,
      // Sessions end with their connection (gateway-broker.ts preConnect).
      ...(this.askedSessionExpiry > 0 ? { sessionExpiryInterval: 0 } : {}),
      ...(this.assignedClientId ? { assignedClientIdentifier: this.assignedClientId } : {}),
      // A gateway may subscribe to its own results only. (Retain stays "available": a retained
      // birth message on its status is common and accepted, though nothing is kept — as in 3.1.1;
      // saying otherwise would oblige the portal to disconnect it, 0x9A.)
      wildcardSubscriptionAvailable: false,
      subscriptionIdentifiersAvailable: false,
      sharedSubscriptionAvailable: false,
    };
  }
}
