// After the run: the server's whole output (at `trace`) searched for every secret the run handled
// (support/secrets-seen.ts) and for anything shaped like one — a JWT, an Authorization value, a
// password, PIN, key or token field with a value. Issue 16: no secret in any log line at any level.
import { readFileSync } from 'node:fs';
import type { SecretKind, SeenSecret } from './secrets-seen';
import { DEMO_MEMBER, DEMO_SITE_MANAGER } from './session';

export type Finding = { line: number; what: string; text: string };

export type ScanResult = {
  lines: number;
  jsonLines: number;
  /** The one line per API call (apps/server/src/logger.ts RequestLogController). */
  requestLines: number;
  secretsByKind: Map<SecretKind, number>;
  findings: Finding[];
};

/** The start prints the demo's sign-ins for whoever started it: public, and meant to be seen. */
const DEMO_PASSWORDS = new Set([DEMO_SITE_MANAGER.password, DEMO_MEMBER.password]);
const isDemoBanner = (line: string) => line.startsWith('Demo sign-in: ');

/** Below this a secret is only matched as a whole word: a PIN inside a timestamp is no leak. */
const WHOLE_WORD_BELOW = 8;
const PREFIX = 4;

type Variant = { text: string; secret: SeenSecret };

/** A secret as it would appear in a line: as it is, escaped inside JSON, and in a URL. */
function variants(secret: SeenSecret): Variant[] {
  const forms = new Set([
    secret.value,
    JSON.stringify(secret.value).slice(1, -1),
    encodeURIComponent(secret.value),
  ]);
  return [...forms].map((text) => ({ text, secret }));
}

const alphanumeric = /[\p{L}\p{N}]/u;

function wholeWordAt(line: string, start: number, length: number) {
  const before = line[start - 1];
  const after = line[start + length];
  return !(before && alphanumeric.test(before)) && !(after && alphanumeric.test(after));
}

/** Field names whose values are secrets, wherever they are in a JSON line. */
const SECRET_FIELD =
  /^(password|newPassword|currentPassword|pin|pinCode|code|codes|key|gatewayKey|secret|token|accessToken|refreshToken|ticket|authorization|cookie|set-cookie)$/i;
/** A `code` that names an error (FST_ERR_VALIDATION, NOT_FOUND, ECONNRESET) or an SQLSTATE. */
const ERROR_CODE = /^[A-Z][A-Z0-9_]+$/;
const REDACTED = '[redacted]';

/** A secret field in text: a line that is not JSON, or a message that holds some. */
const TEXT_FIELD =
  /\b(?:password|pin|code|key|token|secret)["']?\s*[:=]\s*(?!["']?\[redacted\])(?:"[^"]{4,}"|'[^']{4,}'|[^\s"',}\]]{4,})/i;

/** Fields of a JSON line that hold a secret, and text in it that names one. */
function secretFields(value: unknown, path: string[], found: { path: string; value: string }[]) {
  if (typeof value !== 'object' || value === null) return;
  for (const [field, inner] of Object.entries(value)) {
    const where = [...path, field];
    if (SECRET_FIELD.test(field) && inner !== REDACTED && inner !== null && inner !== undefined) {
      const inError = path.some((part) => /^(err|error|cause)$/.test(part));
      const errorCode = field === 'code' && (inError || ERROR_CODE.test(String(inner)));
      if (!errorCode && typeof inner !== 'object')
        found.push({ path: where.join('.'), value: String(inner) });
      else if (!errorCode) secretFields(inner, where, found);
    } else if (typeof inner === 'string') {
      const match = TEXT_FIELD.exec(inner);
      if (match) found.push({ path: `${where.join('.')} (text)`, value: match[0] });
    } else secretFields(inner, where, found);
  }
}

/** Shapes of secrets, whatever their value: for lines of the server's own making too. */
const SHAPES: { what: string; pattern: RegExp }[] = [
  { what: 'a JWT', pattern: /eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\./ },
  { what: 'an Authorization value', pattern: /\b(?:Bearer|Gateway) [A-Za-z0-9._~+/-]{20,}/ },
];

/** The line with `text` (as it is, and as escaped in JSON) cut to its first two characters. */
function mask(line: string, text: string) {
  const masked = `${text.slice(0, 2)}…[${text.length - 2} more]`;
  return line.split(text).join(masked).split(JSON.stringify(text).slice(1, -1)).join(masked);
}

/** Every line of `log` searched for every secret in `secrets` and for the shapes of secrets. */
export function scanLog(log: string, secrets: SeenSecret[]): ScanResult {
  const secretsByKind = new Map<SecretKind, number>();
  const unique = new Map<string, SeenSecret>();
  for (const secret of secrets) unique.set(`${secret.kind}\n${secret.value}`, secret);
  // Looked up by their first characters: each line is read once, however many secrets there are.
  const byPrefix = new Map<string, Variant[]>();
  for (const secret of unique.values()) {
    secretsByKind.set(secret.kind, (secretsByKind.get(secret.kind) ?? 0) + 1);
    for (const variant of variants(secret)) {
      const prefix = variant.text.slice(0, PREFIX);
      byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), variant]);
    }
  }

  const findings: Finding[] = [];
  const lines = log.split('\n');
  if (lines.at(-1) === '') lines.pop();
  let jsonLines = 0;
  let requestLines = 0;
  lines.forEach((line, index) => {
    const number = index + 1;
    const seen = new Set<string>();
    for (let at = 0; at + PREFIX <= line.length; at++) {
      for (const { text, secret } of byPrefix.get(line.slice(at, at + PREFIX)) ?? []) {
        if (!line.startsWith(text, at) || seen.has(secret.value)) continue;
        if (text.length < WHOLE_WORD_BELOW && !wholeWordAt(line, at, text.length)) continue;
        if (isDemoBanner(line) && DEMO_PASSWORDS.has(secret.value)) continue;
        seen.add(secret.value);
        findings.push({ line: number, what: `a ${secret.kind}`, text: mask(line, text) });
      }
    }
    for (const { what, pattern } of SHAPES) {
      const match = pattern.exec(line);
      if (match) findings.push({ line: number, what, text: mask(line, match[0]) });
    }
    let entry: { msg?: unknown; req?: { url?: unknown } } | undefined;
    try {
      if (line.startsWith('{')) entry = JSON.parse(line);
    } catch {
      // Text after all.
    }
    if (!entry) {
      const match = TEXT_FIELD.exec(line);
      if (match)
        findings.push({ line: number, what: 'a secret field', text: mask(line, match[0]) });
      return;
    }
    jsonLines++;
    if (entry.msg === 'request completed' && String(entry.req?.url).startsWith('/api/'))
      requestLines++;
    const fields: { path: string; value: string }[] = [];
    secretFields(entry, [], fields);
    for (const field of fields)
      findings.push({ line: number, what: `field ${field.path}`, text: mask(line, field.value) });
  });
  return { lines: lines.length, jsonLines, requestLines, secretsByKind, findings };
}

export function readSecrets(file: string): SeenSecret[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SeenSecret);
}

const count = (n: number) => n.toLocaleString('sv-SE');

/**
 * Scans the run's log; throws, listing each line with a secret (masked) and what it was, when
 * there is one — or when the log is too thin for the scan to mean anything.
 */
export function checkLog(logFile: string, secretsFile: string) {
  const secrets = readSecrets(secretsFile);
  const result = scanLog(readFileSync(logFile, 'utf8'), secrets);
  const kinds = [...result.secretsByKind]
    .sort(([, a], [, b]) => b - a)
    .map(([kind, n]) => `${kind} ${count(n)}`)
    .join(', ');
  const checked = [...result.secretsByKind.values()].reduce((sum, n) => sum + n, 0);
  console.log(
    `Log scan: ${count(result.lines)} lines of the server (${count(result.requestLines)} API calls), ` +
      `${count(checked)} secrets checked (${kinds}): ${result.findings.length} found.`,
  );
  if (result.requestLines === 0 || checked === 0)
    throw new Error(
      `The log scan had nothing to check (${logFile}: ${result.lines} lines, ${result.requestLines} ` +
        `API calls; ${checked} secrets noted): the server's log or the secrets went elsewhere.`,
    );
  if (result.findings.length > 0) {
    const shown = result.findings
      .slice(0, 20)
      .map((finding) => `  line ${finding.line}, ${finding.what}: ${finding.text.slice(0, 600)}`);
    const more = result.findings.length > 20 ? [`  … and ${result.findings.length - 20} more`] : [];
    throw new Error([`Secrets in the server's log (${logFile}):`, ...shown, ...more].join('\n'));
  }
}
