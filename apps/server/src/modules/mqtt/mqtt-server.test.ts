// The MQTT listener as an operator meets it: the server process with MQTT_PORT says where
// gateways connect, answers them from its database, and stops cleanly. (One process start: they
// cost seconds.)
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanUp, startServer, temporaryFolder, waitForOutput } from '../../test/server-process';

afterEach(() => cleanUp());

describe('the server process with MQTT_PORT', () => {
  it('listens for gateways, checks their keys against the database and stops cleanly', async () => {
    const server = startServer({ DATA_DIR: temporaryFolder(), MQTT_PORT: '0' });
    const banner = await waitForOutput(server, /Gateways: MQTT on \S+:(\d+)/);
    const port = Number(/Gateways: MQTT on \S+:(\d+)/.exec(banner)?.[1]);
    const refused = await mqtt
      .connectAsync(`mqtt://127.0.0.1:${port}`, {
        username: '00:1F:7B:00:00:01',
        password: 'no gateway has this key',
        reconnectPeriod: 0,
      })
      .then(
        () => 0,
        (error: { code?: number }) => error.code,
      );
    expect(refused).toBe(4);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
