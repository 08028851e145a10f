// Starts baseline-server.mjs as a process of its own, like the portal it is compared with.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, startProcess } from './processes.mjs';
import { baseEnvironment } from './settings.mjs';

const BASELINE_SERVER = path.join(import.meta.dirname, 'baseline-server.mjs');

/**
 * @param {string} name
 * @param {Omit<import('./baseline-server.mjs').BaselineConfig, 'port'>} config
 * @param {string} workDirectory where its configuration file is written
 */
export async function startBaseline(name, config, workDirectory) {
  const port = await freePort();
  const configFile = path.join(workDirectory, `${name.replace(/\W+/g, '-')}-${port}.json`);
  writeFileSync(configFile, JSON.stringify({ port, ...config }));
  return startProcess({
    name,
    script: BASELINE_SERVER,
    args: [configFile],
    env: baseEnvironment(),
    port,
    readyPath: '/api/health',
  });
}
