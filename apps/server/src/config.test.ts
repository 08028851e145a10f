import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { makeTestCertificate, type TestCertificate } from './modules/mqtt/test-certificate';

function problemsOf(environment: Record<string, string>) {
  try {
    loadConfig(environment);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

/** A 32-byte key as `openssl rand -base64 32` writes one. */
const SECRETS_KEY_BASE64 = 'q5Jx0m1Zr8V2c9Lk3Wb7Tn4Yd6Hs0Pg1Fe2Ua5Oi8Kw=';

describe('loadConfig', () => {
  it('starts with the documented defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      jwtSecret: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 2_592_000,
      admin: undefined,
      demo: undefined,
      demoReadings: true,
      trustProxy: false,
      logLevel: 'info',
      mqtt: undefined,
    });
  });

  it('reads every setting it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/portal',
      DATABASE_URL: 'postgres://portal:pw@db:5432/portal',
      PUBLIC_URL: 'https://portal.example.se/',
      SMTP_URL: 'smtps://user:pw@mail.example.se:465',
      MAIL_FROM: 'Portal <portal@example.se>',
      JWT_SECRET: 'k3Jd9sL0qP2xZ7vB4nM6tR8wY1uE5oA3',
      SECRETS_KEY: SECRETS_KEY_BASE64,
      ACCESS_TOKEN_TTL: '60',
      REFRESH_TOKEN_TTL: '3600',
      PORTAL_ADMIN_EMAIL: 'admin@example.se',
      PORTAL_ADMIN_PASSWORD: 'a long passphrase',
      PORTAL_DEMO: 'off',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://portal:pw@db:5432/portal',
      publicUrl: 'https://portal.example.se',
      smtpUrl: 'smtps://user:pw@mail.example.se:465',
      accessTokenTtlSeconds: 60,
      refreshTokenTtlSeconds: 3600,
      admin: { email: 'admin@example.se', password: 'a long passphrase' },
      demo: false,
      logLevel: 'warn',
    });
    expect(config.secretsKey?.toString('base64')).toBe(SECRETS_KEY_BASE64);
  });

  it('reads SECRETS_KEY as 32 bytes in base64 or hex', () => {
    const hex = Buffer.from(SECRETS_KEY_BASE64, 'base64').toString('hex');
    expect(loadConfig({ SECRETS_KEY: hex }).secretsKey?.toString('base64')).toBe(
      SECRETS_KEY_BASE64,
    );
    expect(loadConfig({}).secretsKey).toBeUndefined();
  });

  it('demands SECRETS_KEY on PostgreSQL, where every server of the database needs the same', () => {
    expect(problemsOf({ DATABASE_URL: 'postgres://portal:pw@db:5432/portal' })).toEqual([
      'SECRETS_KEY must be set when DATABASE_URL is set, the same on every server of the database (openssl rand -base64 32)',
    ]);
  });

  it('reads the log level in any case', () => {
    expect(loadConfig({ LOG_LEVEL: 'WARN' }).logLevel).toBe('warn');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://root@localhost/portal'],
    ['DATABASE_URL', 'not a url'],
    ['PUBLIC_URL', 'portal.example.se'],
    ['SMTP_URL', 'http://mail.example.se'],
    ['JWT_SECRET', 'changeme'],
    ['JWT_SECRET', 'this-is-my-super-secret-jwt-key-for-development'],
    ['JWT_SECRET', 'a'.repeat(40)],
    ['JWT_SECRET', ' '.repeat(40)],
    ['PORT', ' '],
    ['PORT', '0x50'],
    ['PUBLIC_URL', 'https://portal.example.se/portal'],
    ['PUBLIC_URL', 'https://portal.example.se/?x=1'],
    ['ACCESS_TOKEN_TTL', '1e3'],
    ['ACCESS_TOKEN_TTL', '999999'],
    ['JWT_SECRET', 'too-short-to-be-safe'],
    ['SECRETS_KEY', 'not a key'],
    ['SECRETS_KEY', Buffer.alloc(16, 7).toString('base64')],
    ['SECRETS_KEY', 'A'.repeat(43)],
    ['ACCESS_TOKEN_TTL', '-5'],
    ['REFRESH_TOKEN_TTL', 'a month'],
    ['PORTAL_DEMO', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['PORTAL_ADMIN_EMAIL', 'not-an-address', { PORTAL_ADMIN_PASSWORD: 'a long passphrase' }],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', '10.0.0.300'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', 'fd00::/129'],
    ['TRUST_PROXY', '10.0.0.1,'],
    ['TRUST_PROXY', 'proxy.example.se'],
  ] as [string, string, Record<string, string>?][])(
    'refuses %s=%s with a message naming the variable',
    (name, value, rest = {}) => {
      const problems = problemsOf({ ...rest, [name]: value });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(new RegExp(`^${name} `));
    },
  );

  it.each([
    ['false', false],
    ['off', false],
    ['TRUE', true],
    ['10.0.0.1', ['10.0.0.1']],
    [
      ' 10.0.0.1 , 172.16.0.0/12,fd00::/8, loopback ',
      ['10.0.0.1', '172.16.0.0/12', 'fd00::/8', 'loopback'],
    ],
    ['::1', ['::1']],
  ] as [string, unknown][])('reads TRUST_PROXY=%s', (value, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  it('refuses a number of proxies for TRUST_PROXY, which Fastify would take as trusting nobody', () => {
    expect(problemsOf({ TRUST_PROXY: '1' })).toEqual([
      "TRUST_PROXY cannot be a number of proxies; name the proxies' addresses (10.0.0.1, 172.16.0.0/12, loopback)",
    ]);
  });

  it('refuses an admin e-mail without a password, and the other way round', () => {
    expect(problemsOf({ PORTAL_ADMIN_EMAIL: 'admin@example.se' })[0]).toMatch(
      /^PORTAL_ADMIN_PASSWORD /,
    );
    expect(problemsOf({ PORTAL_ADMIN_PASSWORD: 'a long passphrase' })[0]).toMatch(
      /^PORTAL_ADMIN_EMAIL /,
    );
  });

  it('lists every bad variable at once in a readable message', () => {
    try {
      loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('Invalid configuration');
      expect(message).toContain('PORT must be');
      expect(message).toContain('LOG_LEVEL must be one of');
    }
  });

  it('never repeats a refused secret in its message', () => {
    const problems = problemsOf({ JWT_SECRET: 'short-secret-value' });
    expect(problems.join('\n')).not.toContain('short-secret-value');
  });

  describe('MQTT', () => {
    let certificate: TestCertificate;
    let otherCertificate: TestCertificate;
    let notPem: string;
    beforeAll(() => {
      certificate = makeTestCertificate();
      otherCertificate = makeTestCertificate();
      notPem = path.join(path.dirname(certificate.certFile), 'not-pem.txt');
      writeFileSync(notPem, 'hello');
    });
    afterAll(() => {
      certificate.remove();
      otherCertificate.remove();
    });

    it('listens for MQTT only when MQTT_PORT is set, without TLS unless both files are given', () => {
      expect(loadConfig({ MQTT_PORT: '1883' }).mqtt).toEqual({ port: 1883, tls: undefined });
      expect(loadConfig({ MQTT_PORT: '0' }).mqtt).toEqual({ port: 0, tls: undefined });
    });

    it('reads the TLS certificate and key files once, at start', () => {
      const { mqtt } = loadConfig({
        MQTT_PORT: '8883',
        MQTT_TLS_CERT: certificate.certFile,
        MQTT_TLS_KEY: certificate.keyFile,
      });
      expect(mqtt?.port).toBe(8883);
      expect(mqtt?.tls?.cert.equals(certificate.cert)).toBe(true);
      expect(mqtt?.tls?.key.equals(certificate.key)).toBe(true);
    });

    it.each([
      [{ MQTT_PORT: '70000' }, 'MQTT_PORT must be a port number between 0 and 65535'],
      [{ MQTT_PORT: '3000' }, 'MQTT_PORT must be another port than PORT (3000)'],
      [
        { MQTT_PORT: '8883', MQTT_TLS_CERT: '/nonexistent/cert.pem' },
        'MQTT_TLS_CERT cannot be read: /nonexistent/cert.pem (no such file)',
      ],
    ] as [Record<string, string>, string][])('refuses %o', (environment, problem) => {
      expect(problemsOf(environment)).toContain(problem);
    });

    it('refuses one TLS file without the other, and TLS without a port', () => {
      expect(problemsOf({ MQTT_PORT: '8883', MQTT_TLS_CERT: certificate.certFile })).toEqual([
        'MQTT_TLS_KEY must be set together with MQTT_TLS_CERT and MQTT_TLS_KEY (PEM files)',
      ]);
      expect(problemsOf({ MQTT_PORT: '8883', MQTT_TLS_KEY: certificate.keyFile })).toEqual([
        'MQTT_TLS_CERT must be set together with MQTT_TLS_CERT and MQTT_TLS_KEY (PEM files)',
      ]);
      expect(
        problemsOf({ MQTT_TLS_CERT: certificate.certFile, MQTT_TLS_KEY: certificate.keyFile }),
      ).toEqual(['MQTT_PORT must be set when MQTT_TLS_CERT and MQTT_TLS_KEY are (the MQTT port)']);
    });

    it('refuses a key of another certificate, and files that are no PEM, naming neither secret', () => {
      const mismatch = problemsOf({
        MQTT_PORT: '8883',
        MQTT_TLS_CERT: certificate.certFile,
        MQTT_TLS_KEY: otherCertificate.keyFile,
      });
      expect(mismatch).toEqual([
        'MQTT_TLS_CERT and MQTT_TLS_KEY are not a PEM certificate and its private key (key values mismatch)',
      ]);
      const garbage = problemsOf({
        MQTT_PORT: '8883',
        MQTT_TLS_CERT: notPem,
        MQTT_TLS_KEY: notPem,
      });
      expect(garbage).toHaveLength(1);
      expect(garbage[0]).toMatch(/^MQTT_TLS_CERT and MQTT_TLS_KEY are not a PEM certificate/);
      expect(mismatch.join('')).not.toContain(otherCertificate.key.toString().slice(40, 80));
    });
  });
});
