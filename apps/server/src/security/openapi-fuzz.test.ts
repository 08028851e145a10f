// Fuzzing the running server (issue 16): thousands of requests made from the OpenAPI document and
// then broken — wrong types, missing and extra fields, huge strings, numbers out of range,
// __proto__ keys, JSON nested 10 000 deep, bodies over the limit, bytes that are not UTF-8, wrong
// content types, garbage query strings, ids that are no ids, odd Authorization headers and huge
// headers — sent over real HTTP as A's site manager, A's user and nobody. No answer may be a 5xx,
// the server must keep answering, every refusal is DESIGN §4.1's error body, and every answer
// carries the security headers. FUZZ_SEED=<seed> replays a run (FUZZ_SEED=random draws one); a
// failure prints its requests.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app';
import {
  bodyFor,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  queryFor,
  Random,
} from './openapi-requests';
import { answerProblems } from './response-checks';
import { createTenantWorld, type TenantWorld } from './tenant-world';

// A fixed seed by default, so that a run of `npm test` is the same everywhere; FUZZ_SEED=random
// explores (the seed it drew is printed), FUZZ_SEED=<n> replays.
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? 20_261_125);
const REQUESTS = 3_200;
/** Requests in flight at once: enough to keep the server busy, few enough for a 2-core machine. */
const CONCURRENCY = 4;
/** The server is asked whether it is alive after every this many requests. */
const HEALTH_EVERY = 500;
/** Fastify's default body limit (the readings and uploads have larger ones of their own). */
const BODY_LIMIT = 1024 * 1024;

type Caller = 'manager' | 'member' | 'anonymous';

/** One request as sent, with what was done to it: enough to send it again by hand. */
type FuzzRequest = {
  index: number;
  /** The document's operation it was made from, `POST /api/areas/{areaId}/devices`. */
  operation: string;
  caller: Caller;
  mutations: string[];
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
};

type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/** Ids in a path that are not A's: another organization's, nobody's, and no id at all. */
const STRANGE_IDS = [
  'not-a-uuid',
  'x'.repeat(101),
  'x'.repeat(3000),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  "1' or '1'='1",
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '%E2%80%AE%F0%9F%92%A5',
  '-1',
  '1e309',
  'null',
  '%C3%28',
];

const AUTHORIZATIONS = [
  'Bearer',
  'Bearer ',
  'Bearer not.a.token',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  'Basic Zm9vOmJhcg==',
  'Gateway',
  'Gateway not-a-key',
  `Bearer ${'a'.repeat(8000)}`,
  'bearer lowercase',
  'Bearer\ttab',
  'Digest username="x"',
];

const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/x-www-form-urlencoded',
  'application/json, text/csv',
  'image/png',
];

const GARBAGE_QUERIES = [
  '?%zz',
  '?&&==&',
  '?limit=-1&limit=99999999999999999999',
  '?cursor=%00%01',
  '?a[b][c]=d&__proto__[x]=1',
  `?q=${'q'.repeat(5000)}`,
  '?period=forever&date=2026-13-45&types=heat,,nope&by=everything',
  '?year=NaN&month=0',
  '?propertyIds=not-a-uuid,,',
  '?size=huge',
  '?preview=maybe',
  '?kind=properties&against=%F0%9F%92%A5',
];

const part = (headers: string, content: string) => `--x\r\n${headers}\r\n\r\n${content}\r\n`;
const FILE =
  'Content-Disposition: form-data; name="file"; filename="meter.jpg"\r\nContent-Type: image/jpeg';
/** Forms of one file and of others: cut short, two files, no file, a file that is no image. */
const MULTIPART_BODIES = [
  `${part(FILE, '\xff\xd8\xff\xe0 not really a jpeg')}--x--\r\n`,
  part(FILE, 'cut short'),
  `${part(FILE, 'one')}${part(FILE.replace('"file"', '"other"'), 'two')}--x--\r\n`,
  `${part('Content-Disposition: form-data; name="note"', 'no file')}--x--\r\n`,
  `${part('Content-Disposition: form-data', 'no name')}--x--\r\n`,
  '--x--\r\n',
  `--y\r\n${FILE}\r\n\r\nwrong boundary\r\n--y--\r\n`,
  `${part(FILE, 'deviceType;idNumber;name;role\nheat;KAM99990001;x;')}--x--\r\n`,
];

/** Values of the wrong kind, out of range, or odd, for a field. */
const ODD_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  '',
  ' ',
  '0',
  '\u0000',
  '\ud800',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  [],
  [null],
  {},
  { $gt: '' },
  '2026-02-30',
  '2026-10-01T25:61:00Z',
];

describe('fuzzing the running server', () => {
  let subject: TestApp;
  let world: TenantWorld;
  let document: OpenApiDocument;
  let operations: Operation[];
  let origin: { host: string; port: number };
  let headersOf: Record<Caller, Record<string, string>>;

  beforeAll(async () => {
    subject = await buildTestApp('pglite');
    world = await createTenantWorld(subject.app, subject.database.db);
    document = (await subject.app.inject({ url: '/api/openapi.json' })).json();
    operations = operationsOf(document);
    await subject.app.listen({ port: 0, host: '127.0.0.1' });
    const address = subject.app.server.address() as AddressInfo;
    origin = { host: address.address, port: address.port };
    headersOf = {
      manager: world.cast.headersOf('manager'),
      member: world.cast.headersOf('member'),
      anonymous: {},
    };
  });
  afterAll(() => subject?.close());

  /** A's ids for a path parameter, or B's, or nobody's, or no id at all. */
  function idFor(random: Random, name: string, mutations: string[]): string {
    const own = world.pathIds[name];
    const other = (world.otherIds as Record<string, string>)[name];
    const roll = random.next();
    if (own && roll < 0.6) return random.pick(own);
    if (own && roll < 0.65) return random.pick(own).toUpperCase();
    mutations.push('path id');
    if (other && roll < 0.75) return other;
    if (roll < 0.85) return random.uuid();
    return random.pick(STRANGE_IDS);
  }

  function pathOf(random: Random, operation: Operation, mutations: string[]): string {
    let path = operation.path;
    for (const name of operation.pathParameters) {
      const id = idFor(random, name, mutations);
      const encoded = /%|\.\./.test(id) ? id : encodeURIComponent(id);
      path = path.replace(`{${name}}`, encoded);
    }
    return path;
  }

  /** A valid body of the operation (varied), then maybe broken. */
  function bodyOf(
    random: Random,
    operation: Operation,
    mutations: string[],
  ): { body?: Buffer; contentType?: string } {
    const valid = bodyFor(document, operation, { known: world.bodyValues, random });
    if (!valid) {
      const roll = random.next();
      if (roll < 0.15) {
        mutations.push('body where none is taken');
        return { body: Buffer.from('{"unexpected":true}'), contentType: 'application/json' };
      }
      if (roll < 0.3) {
        // Uploads take a form the document does not describe: broken ones of every kind.
        mutations.push('multipart form');
        return {
          body: Buffer.from(random.pick(MULTIPART_BODIES)),
          contentType: 'multipart/form-data; boundary=x',
        };
      }
      return {};
    }
    const { contentType } = valid;
    if (contentType !== 'application/json' || random.chance(0.25)) {
      return { body: Buffer.from(valid.text), contentType };
    }
    const value = JSON.parse(valid.text);
    const kind = random.below(12);
    const fields = value && typeof value === 'object' ? Object.keys(value) : [];
    const field = fields.length ? random.pick(fields) : 'x';
    const json = (data: unknown) => Buffer.from(JSON.stringify(data));
    switch (kind) {
      case 0:
        mutations.push(`wrong type of ${field}`);
        return { body: json({ ...value, [field]: random.pick(ODD_VALUES) }), contentType };
      case 1: {
        mutations.push(`without ${field}`);
        const { [field]: _left, ...rest } = value;
        return { body: json(rest), contentType };
      }
      case 2:
        mutations.push('extra fields');
        return {
          body: json({ ...value, extra: 1, [`x${random.below(1e6)}`]: [1, 2] }),
          contentType,
        };
      case 3:
        mutations.push(`huge string in ${field}`);
        return {
          body: json({ ...value, [field]: 'ä'.repeat(50_000 + random.below(100_000)) }),
          contentType,
        };
      case 4: {
        mutations.push('__proto__ / constructor keys');
        const inner = JSON.stringify(value).slice(1);
        const poison = random.chance(0.5)
          ? '"__proto__":{"isAdmin":true,"role":"site-manager"}'
          : '"constructor":{"prototype":{"isAdmin":true}}';
        return { body: Buffer.from(`{${poison}${inner === '}' ? '}' : `,${inner}`}`), contentType };
      }
      case 5: {
        mutations.push('nested 10 000 deep');
        const deep = random.chance(0.5)
          ? `${'['.repeat(10_000)}${']'.repeat(10_000)}`
          : `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
        return { body: Buffer.from(deep), contentType };
      }
      case 6: {
        mutations.push('invalid UTF-8');
        const text = Buffer.from(JSON.stringify({ ...value, [field]: 'ÅÄÖ' }));
        const at = text.indexOf(Buffer.from('ÅÄÖ'));
        const bad = Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]);
        return {
          body: Buffer.concat([text.subarray(0, at), bad, text.subarray(at + 6)]),
          contentType,
        };
      }
      case 7:
        mutations.push('not JSON');
        return {
          body: Buffer.from(random.pick(['{', '{"a":}', 'nul', '', '\u0000', '[1,]', '"'])),
          contentType,
        };
      case 8:
        mutations.push('numbers out of range');
        return {
          body: Buffer.from(
            JSON.stringify({ ...value, [field]: 0 }).replace(
              /:0([,}])/,
              `:${random.pick(['1e999', '-1e999', '99999999999999999999999', '-0', '1.0e-400', '0x10'])}$1`,
            ),
          ),
          contentType,
        };
      case 9:
        mutations.push('content type');
        return { body: Buffer.from(valid.text), contentType: random.pick(CONTENT_TYPES) };
      case 10:
        mutations.push('no content type');
        return { body: Buffer.from(valid.text) };
      default:
        mutations.push('an array instead');
        return { body: json([value]), contentType };
    }
  }

  /** The fuzz request number `index`, from the seed alone. */
  function requestNumber(index: number): FuzzRequest {
    const random = new Random(SEED + index * 7919);
    const mutations: string[] = [];
    const caller = random.pick<Caller>(['manager', 'member', 'anonymous']);
    const headers: Record<string, string> = { ...headersOf[caller] };
    const roll = random.next();
    if (roll < 0.04) {
      mutations.push('unknown path');
      const method = random.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
      const path = random.pick([
        '/api/nope',
        '/api/properties/x/y/z',
        `/api/${random.uuid()}`,
        '/api//',
        '/api/%',
      ]);
      return { index, operation: `${method} ${path}`, caller, mutations, method, path, headers };
    }
    const operation = random.pick(operations);
    let method: string = operation.method;
    if (roll < 0.07) {
      method = random.pick(['PATCH', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']);
      mutations.push('other method');
    }
    let path = pathOf(random, operation, mutations);
    // A's real things stay for the rest of the run: the site manager deletes only what is not A's.
    if (caller === 'manager' && method === 'DELETE' && !mutations.includes('path id'))
      path = operation.path.replace(/\{[^}]+\}/g, () => random.uuid());
    const garbage = random.chance(0.1);
    if (garbage) mutations.push('garbage query');
    const query = garbage
      ? random.pick(GARBAGE_QUERIES)
      : queryFor(document, operation, { known: world.bodyValues, random });
    if (operation.gatewayKey) {
      headers.authorization = `Gateway ${random.pick([world.gatewayKey, world.otherGatewayKey])}`;
    }
    let { body, contentType } = bodyOf(random, operation, mutations);
    if (random.chance(0.01)) {
      mutations.push('over the body limit');
      const limit = operation.path.endsWith('/readings') ? 4 * BODY_LIMIT : BODY_LIMIT;
      body = Buffer.alloc(limit + 1 + random.below(1000), 0x20);
      contentType = 'application/json';
    }
    if (contentType) headers['content-type'] = contentType;
    // Node sends a GET's or a DELETE's body unframed unless told its length.
    if (body) headers['content-length'] = String(body.length);
    const header = random.next();
    if (header < 0.08) {
      mutations.push('authorization');
      headers.authorization = random.pick(AUTHORIZATIONS);
    } else if (header < 0.1) {
      mutations.push('huge header');
      headers['x-fuzz'] = 'h'.repeat(random.pick([8_000, 15_000, 40_000]));
    } else if (header < 0.13) {
      mutations.push('odd headers');
      headers['accept-encoding'] = random.pick(['gzip', 'br', 'deflate, *;q=0', 'identity;q=0']);
      headers.accept = random.pick(['text/html', 'application/xml', '*/*;q=0']);
      if (body && random.chance(0.5))
        headers['content-encoding'] = random.pick(['gzip', 'br', 'x-none']);
    }
    return {
      index,
      operation: `${operation.method} ${operation.path}`,
      caller,
      mutations,
      method,
      path: `${path}${query}`,
      headers,
      body,
    };
  }

  function send(fuzz: FuzzRequest): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        // A connection of its own: an answer the server closes after (a 413) spoils no other.
        { ...origin, agent: false, method: fuzz.method, path: fuzz.path, headers: fuzz.headers },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            let bytes = Buffer.concat(chunks);
            const encoding = response.headers['content-encoding'];
            if (encoding === 'gzip') bytes = gunzipSync(bytes);
            if (encoding === 'br') bytes = brotliDecompressSync(bytes);
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: bytes.toString('utf8'),
            });
          });
        },
      );
      // The server may answer (413, 431) before it has read all of a body and close: the answer
      // counts, the write error does not.
      request.on('error', reject);
      request.on('socket', (socket) => socket.on('error', () => {}));
      request.end(fuzz.body);
    });
  }

  /** The request as data (its body in base64 when small), to send again by hand; the whole run
   * replays with FUZZ_SEED. */
  const replayable = (fuzz: FuzzRequest) =>
    JSON.stringify({
      seed: SEED,
      index: fuzz.index,
      caller: fuzz.caller,
      mutations: fuzz.mutations,
      method: fuzz.method,
      path: fuzz.path,
      headers: Object.fromEntries(
        Object.entries(fuzz.headers).map(([name, value]) => [
          name,
          value.length > 80 ? `${value.slice(0, 40)}… (${value.length} characters)` : value,
        ]),
      ),
      bodyBase64: fuzz.body && fuzz.body.length < 2000 ? fuzz.body.toString('base64') : undefined,
      bodyBytes: fuzz.body?.length,
    });

  const health = async () =>
    (
      await send({
        index: -1,
        operation: 'health',
        caller: 'anonymous',
        mutations: [],
        method: 'GET',
        path: '/api/health',
        headers: {},
      })
    ).status;

  it(`answers ${REQUESTS} broken requests without a 5xx, always in shape, and stays up`, async () => {
    // biome-ignore lint/suspicious/noConsole: the seed, to replay this run with FUZZ_SEED
    console.info(`fuzzing with FUZZ_SEED=${SEED}`);
    const started = Date.now();
    /** Failures by what broke and where, each with its first request and how many there were. */
    const failures = new Map<string, { first: string; count: number }>();
    const fail = (problem: string, fuzz: FuzzRequest) => {
      const key = `${problem.slice(0, 120)} — ${fuzz.operation}`;
      const known = failures.get(key);
      if (known) known.count += 1;
      else failures.set(key, { first: replayable(fuzz), count: 1 });
    };
    const statuses = new Map<number, number>();
    let next = 0;
    let sent = 0;
    while (next < REQUESTS) {
      const end = Math.min(REQUESTS, next + HEALTH_EVERY);
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < end) {
            const fuzz = requestNumber(next++);
            await checked(fuzz);
          }
        }),
      );
      expect(await health(), `the server after ${next} requests`).toBe(200);
    }
    async function checked(fuzz: FuzzRequest) {
      let answer: Answer;
      try {
        answer = await send(fuzz);
      } catch (error) {
        fail(`no answer (${(error as Error).message})`, fuzz);
        return;
      }
      sent += 1;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const problems = answerProblems(fuzz.method === 'HEAD' ? { ...answer, status: 200 } : answer);
      if (answer.status >= 500)
        problems.push(`status ${answer.status}: ${answer.body.slice(0, 300)}`);
      for (const problem of problems) fail(problem, fuzz);
    }
    expect(await health()).toBe(200);
    // biome-ignore lint/suspicious/noConsole: the run's size and answers, for the log
    console.info(
      `fuzzed ${sent} requests in ${Date.now() - started} ms (FUZZ_SEED=${SEED}): ` +
        [...statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status}×${count}`)
          .join(' '),
    );
    const report = [...failures].map(
      ([key, { first, count }]) => `${key} (×${count}), first: ${first}`,
    );
    if (report.length)
      console.error(
        `failures; replay with FUZZ_SEED=${SEED} npx vitest run src/security/openapi-fuzz.test.ts\n` +
          report.join('\n'),
      );
    expect(report).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(3000);
  }, 120_000);
});
