// What every answer of the API must be, whatever was asked: the security headers on all of them,
// and an error body in DESIGN §4.1's shape on every refusal. Returned as a list of problems, so the
// sweep and the fuzzer can report the request that broke a rule rather than only the rule.

/** The fields DESIGN §4.1's error body may have (Fastify's three, and the portal's additions). */
const ERROR_FIELDS = new Set([
  'statusCode',
  'error',
  'message',
  'code',
  'details',
  'retryAfterSeconds',
]);

type Headers = Record<string, string | string[] | number | undefined>;

/** Problems with the security headers every answer carries (issue 16 item 7). */
export function headerProblems(headers: Headers): string[] {
  const problems: string[] = [];
  const policy = String(headers['content-security-policy'] ?? '');
  if (!/frame-ancestors/.test(policy)) problems.push(`content-security-policy: '${policy}'`);
  if (headers['x-content-type-options'] !== 'nosniff')
    problems.push(`x-content-type-options: '${headers['x-content-type-options']}'`);
  if (!headers['referrer-policy']) problems.push('no referrer-policy');
  return problems;
}

/** Problems with an error answer's body: JSON `{statusCode, error, message}` (plus the portal's
 * `code`, `details`, `retryAfterSeconds`), statusCode equal to the status. */
export function errorBodyProblems(status: number, contentType: string, body: string): string[] {
  if (!contentType.startsWith('application/json')) return [`content-type '${contentType}'`];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return ['not JSON'];
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return ['no object'];
  const fields = parsed as Record<string, unknown>;
  const problems: string[] = [];
  if (fields.statusCode !== status) problems.push(`statusCode ${String(fields.statusCode)}`);
  if (typeof fields.error !== 'string' || fields.error === '') problems.push('no error');
  if (typeof fields.message !== 'string') problems.push('no message');
  if (fields.code !== undefined && typeof fields.code !== 'string') problems.push('code');
  const extra = Object.keys(fields).filter((field) => !ERROR_FIELDS.has(field));
  if (extra.length) problems.push(`fields beyond §4.1: ${extra.join(', ')}`);
  return problems;
}

/** Every problem with an answer: its headers, and for a 4xx its body. */
export function answerProblems(answer: {
  status: number;
  headers: Headers;
  body: string;
}): string[] {
  return [
    ...headerProblems(answer.headers),
    ...(answer.status >= 400 && answer.status < 500
      ? errorBodyProblems(
          answer.status,
          String(answer.headers['content-type'] ?? ''),
          answer.body,
        ).map((problem) => `error body: ${problem}`)
      : []),
  ];
}
