// The server as a process: what an operator sees when starting and stopping it.
import { existsSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from './db/data-dir-lock';
import {
  cleanUp,
  startServer,
  temporaryFolder,
  waitForOutput,
  waitUntilRunning,
} from './test/server-process';

afterEach(cleanUp);

describe('the server process', () => {
  it('stops at once with a readable message naming a bad setting', async () => {
    const started = startServer({
      DATA_DIR: temporaryFolder(),
      PORT: 'abc',
    });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('The portal cannot start.');
    expect(started.output()).toMatch(/PORT must be/);
  });

  it('says in one line which port is taken, without a stack trace', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const started = startServer({ DATA_DIR: temporaryFolder(), PORT: String(port) });
      expect(await started.exited).toBe(1);
      expect(started.output()).toContain(
        `Port ${port} on 127.0.0.1 is already in use: stop what uses it, or set PORT to another port.`,
      );
      expect(started.output()).not.toMatch(/\n\s+at /);
    } finally {
      taken.close();
    }
  }, 90_000);

  it('refuses a second process on the same data directory, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = temporaryFolder();
    const first = startServer({ DATA_DIR: dataDir });
    const url = await waitUntilRunning(first);
    expect(await (await fetch(`${url}/api/ready`)).json()).toEqual({
      status: 'ready',
      database: 'pglite',
    });

    const second = startServer({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('already in use by another portal process');
    expect(second.output()).toContain(`pid ${first.child.pid}`);

    // The refused second process must not have disturbed the first.
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  }, 90_000);

  // The second start also listens for gateways over MQTT: one process start fewer (they cost
  // seconds), and a restart is when a listener left open would keep the process from stopping.
  it('keeps its data in DATA_DIR across restarts; with MQTT_PORT says where gateways connect, checks their keys against the database and stops cleanly', async () => {
    const dataDir = temporaryFolder();
    const first = startServer({ DATA_DIR: dataDir });
    await waitForOutput(first, /The portal is running/);
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);

    const again = startServer({ DATA_DIR: dataDir, MQTT_PORT: '0' });
    const banner = await waitForOutput(again, /Gateways: MQTT on \S+:(\d+)/);
    expect(banner).toContain('The portal is running');
    const mqttPort = Number(/Gateways: MQTT on \S+:(\d+)/.exec(banner)?.[1]);
    const refused = (protocolVersion: 4 | 5) =>
      mqtt
        .connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
          username: '00:1F:7B:00:00:01',
          password: 'no gateway has this key',
          reconnectPeriod: 0,
          protocolVersion,
        })
        .then(
          () => 0,
          (error: { code?: number }) => error.code,
        );
    // Bad user name or password: 4 in an MQTT 3.1.1 CONNACK, 0x86 in MQTT 5's (its bridge).
    expect(await refused(4)).toBe(4);
    expect(await refused(5)).toBe(0x86);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);
});
