// zod as every contract uses it, and the one kind of text every contract accepts.
//
// zod compiles a faster parser for each object schema with `new Function`, and probes whether it
// may when the schema is made. Under the web app's Content-Security-Policy (no eval) the browser
// reported that probe as a violation on every screen that loads a contract, drowning the reports
// that matter (issue 10): in a browser, zod is told not to before any schema here is made. The
// server keeps the compiled parsers.
import { config, z } from 'zod';

if ('document' in globalThis) config({ jitless: true });

/**
 * Text the portal can store and send back as it came: no NUL character (PostgreSQL cannot hold
 * one in text; it answered 500, issue 10) and no half of a surrogate pair (JSON carries one, but
 * it is no character: PostgreSQL would store U+FFFD instead, silently changing what was sent).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL is what it refuses
const STORABLE_TEXT = /^(?:[^\u0000\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/**
 * A string field of a contract: `text()` wherever a contract would say `z.string()` (a test fails
 * on a `z.string()` in the contracts). A refusal is zod's `invalid_format` with format 'text'.
 */
export function text() {
  return z.string().check(
    new z.core.$ZodCheckStringFormat({
      check: 'string_format',
      format: 'text',
      pattern: STORABLE_TEXT,
      error: () => 'Text may not contain a NUL character or half of a surrogate pair.',
    }),
  );
}

export { z };
