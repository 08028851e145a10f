// The MQTT topics of a gateway (DESIGN §4.4, docs/gateway-readings.md): `gateways/{id}/readings`
// (it publishes), `gateways/{id}/results` (it subscribes), `gateways/{id}/status` (its last will).
// `{id}` is the gateway's device UUID or its ID number in any written form (AA:BB:CC:DD:EE:FF,
// aabbccddeeff, AA-BB-…): firmware knows its own MAC, not the portal's UUID.
import { readDeviceId } from '@portal/contracts/device-ids';

export const GATEWAY_CHANNELS = ['readings', 'results', 'status'] as const;
export type GatewayChannel = (typeof GATEWAY_CHANNELS)[number];

export type GatewayTopic = {
  /** The `{id}` level as written in the topic. */
  ref: string;
  channel: GatewayChannel;
};

/** What a gateway is known by: its device UUID and its normalised ID number. */
/**
 * A signed-in gateway. `idNumberShared`: a gateway of another organization has the same ID number
 * (an ID is unique per organization only, DESIGN §5); then the ID number names neither, and only
 * the UUID works in topics — otherwise one could read or stand in for the other's topics.
 */
export type GatewayIdentity = { id: string; idNumber: string; idNumberShared?: boolean };

const isChannel = (text: string): text is GatewayChannel =>
  (GATEWAY_CHANNELS as readonly string[]).includes(text);

/**
 * The gateway topic this is, or undefined. The `{id}` level must be a plain word: a wildcard
 * (`+`, `#`) names no one gateway, even where a confirmed odd ID number happens to be one.
 */
export function readGatewayTopic(topic: string): GatewayTopic | undefined {
  const [root, ref, channel, ...rest] = topic.split('/');
  if (root !== 'gateways' || !ref || !channel || rest.length > 0) return undefined;
  if (/[+#]/.test(ref) || !isChannel(channel)) return undefined;
  return { ref, channel };
}

/** Whether a username or a topic's `{id}` names this gateway (its UUID, or its ID number). */
export function namesGateway(text: string, gateway: GatewayIdentity): boolean {
  if (text.toLowerCase() === gateway.id.toLowerCase()) return true;
  if (gateway.idNumberShared) return false;
  const reading = readDeviceId('gw', text);
  return 'idNumber' in reading && reading.idNumber === gateway.idNumber;
}

/** The topic of the gateway's channel, written with the same `{id}` it used. */
export const gatewayTopic = (ref: string, channel: GatewayChannel) => `gateways/${ref}/${channel}`;
