// Refuses MQTT packets larger than a limit before they are read: aedes (and the mqtt-packet parser
// under it) has no size limit and would buffer a packet of any announced size in memory
// (moscajs/aedes#831). Every packet starts with a fixed header that announces its length (MQTT
// 3.1.1 §2.2: a type byte, then the remaining length in 1–4 bytes of 7 bits each), so reading
// those few bytes as they pass is enough to close the connection at the header of a packet too
// large, having buffered at most one socket read of it.
import type { Duplex } from 'node:stream';

/** The longest remaining length the four length bytes can say (MQTT 3.1.1 §2.2.3). */
const MAX_ENCODABLE_LENGTH = 268_435_455;

/**
 * Follows the packet boundaries of an MQTT byte stream and reports each packet's remaining
 * length as soon as its header has passed (Infinity for a length encoding that is malformed).
 */
export class PacketLengthReader {
  private state: 'type' | 'length' | 'body' = 'type';
  private length = 0;
  private multiplier = 1;
  private lengthBytes = 0;
  private left = 0;

  constructor(private readonly onHeader: (remainingLength: number) => void) {}

  push(chunk: Uint8Array) {
    let position = 0;
    while (position < chunk.length) {
      if (this.state === 'type') {
        position += 1;
        this.state = 'length';
        this.length = 0;
        this.multiplier = 1;
        this.lengthBytes = 0;
      } else if (this.state === 'length') {
        const byte = chunk[position] as number;
        position += 1;
        this.length += (byte & 0x7f) * this.multiplier;
        this.multiplier *= 128;
        this.lengthBytes += 1;
        if (byte & 0x80) {
          // A fifth length byte is a protocol error: nothing after it can be framed.
          if (this.lengthBytes === 4) return this.onHeader(Number.POSITIVE_INFINITY);
          continue;
        }
        this.onHeader(Math.min(this.length, MAX_ENCODABLE_LENGTH));
        this.left = this.length;
        this.state = this.left > 0 ? 'body' : 'type';
      } else {
        const skipped = Math.min(this.left, chunk.length - position);
        position += skipped;
        this.left -= skipped;
        if (this.left === 0) this.state = 'type';
      }
    }
  }
}

/**
 * Watches a connection's packets and calls `onTooLarge` (then destroys the connection) at the
 * header of the first whose remaining length is over `limit()`, asked per packet so that the
 * limit can grow once the client has signed in. Attached as a `data` listener after aedes' own
 * `readable` one: the stream stays in aedes' paused mode and this sees every chunk aedes reads,
 * when it reads it.
 */
export function guardPacketSize(
  connection: Duplex,
  limit: () => number,
  onTooLarge: (remainingLength: number) => void,
) {
  let refused = false;
  const reader = new PacketLengthReader((remainingLength) => {
    if (refused || remainingLength <= limit()) return;
    refused = true;
    onTooLarge(remainingLength);
    connection.destroy();
  });
  connection.on('data', (chunk: Buffer) => {
    if (!refused) reader.push(chunk);
  });
}
