// Packet lengths read off the byte stream as real MQTT packets arrive, split anywhere, and a
// connection closed at the header of a packet over the limit.
import { PassThrough } from 'node:stream';
import mqttPacket from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { guardPacketSize, PacketLengthReader } from './packet-size-guard';

const publish = (bytes: number) =>
  mqttPacket.generate({
    cmd: 'publish',
    topic: 'gateways/x/readings',
    payload: Buffer.alloc(bytes, 0x20),
    qos: 1,
    messageId: 7,
    retain: false,
    dup: false,
  });
const ping = mqttPacket.generate({ cmd: 'pingreq' });

function lengthsOf(chunks: Buffer[]) {
  const lengths: number[] = [];
  const reader = new PacketLengthReader((length) => lengths.push(length));
  for (const chunk of chunks) reader.push(chunk);
  return lengths;
}

describe('PacketLengthReader', () => {
  const stream = Buffer.concat([publish(10), ping, publish(200), publish(20_000), ping]);
  // Remaining length: topic length field + topic + packet id + payload.
  const expected = [2 + 19 + 2 + 10, 0, 2 + 19 + 2 + 200, 2 + 19 + 2 + 20_000, 0];

  it('reports each packet once, in one chunk or split at every byte', () => {
    expect(lengthsOf([stream])).toEqual(expected);
    const bytes = [...stream].map((byte) => Buffer.from([byte]));
    expect(lengthsOf(bytes)).toEqual(expected);
    expect(
      lengthsOf([stream.subarray(0, 40), stream.subarray(40, 300), stream.subarray(300)]),
    ).toEqual(expected);
  });

  it('reports a length of five bytes as malformed', () => {
    expect(lengthsOf([Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01])])).toEqual([
      Number.POSITIVE_INFINITY,
    ]);
  });
});

describe('guardPacketSize', () => {
  it('passes packets within the limit and destroys the connection at the header of one over it', () => {
    const connection = new PassThrough();
    const refused: number[] = [];
    guardPacketSize(
      connection,
      () => 1000,
      (length) => refused.push(length),
    );
    connection.write(publish(500));
    connection.write(ping);
    expect(connection.destroyed).toBe(false);
    // Only the header and a few bytes of the big one arrive: that is enough.
    connection.write(publish(5_000).subarray(0, 8));
    expect(refused).toEqual([2 + 19 + 2 + 5_000]);
    expect(connection.destroyed).toBe(true);
  });

  it('asks for the limit per packet, so it can grow after signing in', () => {
    const connection = new PassThrough();
    let limit = 100;
    const refused: number[] = [];
    guardPacketSize(
      connection,
      () => limit,
      (length) => refused.push(length),
    );
    connection.write(publish(50));
    limit = 10_000;
    connection.write(publish(5_000));
    expect(refused).toEqual([]);
    expect(connection.destroyed).toBe(false);
  });
});
