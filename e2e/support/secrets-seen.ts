// The secrets the run handles — passwords typed, tokens and keys received, PIN codes and WiFi
// passwords set — written down as they pass, so that after the run the server's log can be
// searched for every one of them (support/log-scan.ts). Workers are processes of their own: each
// appends to one file (E2E_SECRETS_FILE, emptied by support/global-setup.ts).
import { appendFileSync } from 'node:fs';
import type { BrowserContext, Page, Request, Response } from '@playwright/test';

export type SecretKind =
  | 'password'
  | 'access token'
  | 'refresh token'
  | 'signup key'
  | 'reset key'
  | 'gateway key'
  | 'PIN code'
  | 'WiFi password'
  | 'download ticket'
  | 'JWT secret'
  | 'secrets key';

export type SeenSecret = { kind: SecretKind; value: string };

/** Shorter values (a 4-digit PIN) would match by chance in timestamps and ids; none is this short. */
const SHORTEST = 4;

const written = new Set<string>();

/** Notes a secret the run used, once per worker. */
export function rememberSecret(value: string | null | undefined, kind: SecretKind) {
  if (typeof value !== 'string' || value.length < SHORTEST) return;
  const line = JSON.stringify({ kind, value } satisfies SeenSecret);
  if (written.has(line)) return;
  written.add(line);
  appendFileSync(process.env.E2E_SECRETS_FILE as string, `${line}\n`);
}

/** Tokens of a session as the API answers a sign-in, a signup or a refresh. */
export function rememberSession(session: { accessToken?: string; refreshToken?: string }) {
  rememberSecret(session.accessToken, 'access token');
  rememberSecret(session.refreshToken, 'refresh token');
}

/** What a field of a request or an answer holds, judged by its name and the call's address. */
function kindOf(field: string, url: string): SecretKind | undefined {
  const path = new URL(url, 'http://localhost').pathname;
  switch (field) {
    case 'password':
    case 'newPassword':
    case 'currentPassword':
      return path.includes('/wifi') ? 'WiFi password' : 'password';
    case 'code':
      return path.includes('/pin-codes') ? 'PIN code' : undefined;
    case 'key':
      if (path.includes('/auth/signup')) return 'signup key';
      if (path.includes('/auth/reset-password')) return 'reset key';
      return undefined;
    case 'gatewayKey':
      return 'gateway key';
    case 'accessToken':
      return 'access token';
    case 'refreshToken':
      return 'refresh token';
    default:
      return undefined;
  }
}

/** Notes the secrets in a request's or an answer's JSON (nested objects and lists too). */
export function rememberSecretsIn(body: unknown, url: string, depth = 0) {
  if (depth > 4 || typeof body !== 'object' || body === null) return;
  for (const [field, value] of Object.entries(body)) {
    if (typeof value === 'string') {
      const kind = kindOf(field, url);
      if (kind) rememberSecret(value, kind);
    } else rememberSecretsIn(value, url, depth + 1);
  }
}

function fromRequest(request: Request) {
  if (!request.url().includes('/api/')) return;
  const authorization = request.headers().authorization;
  if (authorization?.startsWith('Bearer ')) rememberSecret(authorization.slice(7), 'access token');
  if (request.method() === 'GET') return;
  try {
    rememberSecretsIn(request.postDataJSON(), request.url());
  } catch {
    // Not JSON (an image upload): nothing secret in it.
  }
}

/**
 * Answers that may carry secrets: sign-ins, refreshes, new gateways and their renewed keys, WiFi
 * networks, PIN codes.
 */
const SECRET_ANSWERS =
  /\/api\/(auth\/|areas\/[^/]+\/devices|devices\/[^/]+\/gateway-key|.*\/wifi|.*\/pin-codes)/;
const TICKET = /\/api\/exports\/[^/]+\/download$/;

async function fromResponse(response: Response) {
  const url = response.url();
  if (TICKET.test(url)) {
    const cookie = await response.headerValue('set-cookie');
    rememberSecret(/portal_export=([^;]+)/.exec(cookie ?? '')?.[1], 'download ticket');
    return;
  }
  if (!SECRET_ANSWERS.test(url)) return;
  if (!(response.headers()['content-type'] ?? '').includes('json')) return;
  rememberSecretsIn(await response.json(), url);
}

/**
 * Notes the secrets a browser context sends and receives: what is typed into the portal's forms
 * arrives here as the JSON of the call it makes. Returns a wait for the answers still being read.
 */
export function watchSecrets(target: Page | BrowserContext) {
  const reading = new Set<Promise<void>>();
  target.on('request', fromRequest);
  target.on('response', (response) => {
    const read: Promise<void> = fromResponse(response)
      // An answer whose page has closed cannot be read any more; nothing to note then.
      .catch(() => {})
      .finally(() => reading.delete(read));
    reading.add(read);
  });
  // Bounded: an answer that never ends must not hold the test up (none of those above streams).
  return () =>
    Promise.race([
      Promise.all(reading).then(() => undefined),
      new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref()),
    ]);
}
