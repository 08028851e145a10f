// Tests only: a throwaway self-signed certificate for localhost and its key, made by the openssl
// command (Node makes keys but not certificates), as PEM files in a folder of their own.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type TestCertificate = {
  certFile: string;
  keyFile: string;
  cert: Buffer;
  key: Buffer;
  remove(): void;
};

export function makeTestCertificate(): TestCertificate {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-mqtt-tls-'));
  const certFile = path.join(folder, 'cert.pem');
  const keyFile = path.join(folder, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return {
    certFile,
    keyFile,
    cert: readFileSync(certFile),
    key: readFileSync(keyFile),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
