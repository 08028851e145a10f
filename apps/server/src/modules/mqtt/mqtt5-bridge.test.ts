// Which protocol a connection's first bytes announce: the CONNECT's level, read from as few
// bytes as have come, and nothing for what is not a CONNECT of a sensible length.
import mqttPacket from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { connectProtocolLevel } from './mqtt5-bridge';

const connectOf = (protocolVersion: 3 | 4 | 5) =>
  mqttPacket.generate(
    {
      cmd: 'connect',
      protocolVersion,
      protocolId: protocolVersion === 3 ? 'MQIsdp' : 'MQTT',
      clientId: 'gateway',
      clean: true,
      keepalive: 60,
    },
    { protocolVersion },
  );

describe('connectProtocolLevel', () => {
  it('reads the level of a CONNECT of MQTT 3.1, 3.1.1 and 5', () => {
    for (const level of [3, 4, 5] as const)
      expect(connectProtocolLevel(connectOf(level), 1024)).toBe(level);
  });

  it('waits for more while the level has not come, byte by byte', () => {
    const bytes = connectOf(5);
    const levelAt = bytes.indexOf(5, 2);
    for (let length = 0; length <= levelAt; length++)
      expect(connectProtocolLevel(bytes.subarray(0, length), 1024), String(length)).toBe(undefined);
    expect(connectProtocolLevel(bytes.subarray(0, levelAt + 1), 1024)).toBe(5);
  });

  it('says nothing of a packet that is not a CONNECT, or longer than a CONNECT can be', () => {
    expect(connectProtocolLevel(Buffer.from([0x30, 0x02, 0x00, 0x00]), 1024)).toBe(null);
    expect(connectProtocolLevel(Buffer.from('GET / HTTP/1.1\r\n'), 1024)).toBe(null);
    // 2 000 bytes announced (0xd0 0x0f) where 1 024 is the most.
    expect(connectProtocolLevel(Buffer.from([0x10, 0xd0, 0x0f, 0x00]), 1024)).toBe(null);
    // A remaining length of five bytes is no length at all.
    expect(connectProtocolLevel(Buffer.from([0x10, 0xff, 0xff, 0xff, 0xff, 0x01]), 1024)).toBe(
      null,
    );
  });
});
