// zod as every contract uses it. zod compiles a faster parser for each object schema with
// `new Function`, and probes whether it may when the schema is made. Under the web app's
// Content-Security-Policy (no eval) the browser reported that probe as a violation on every screen
// that loads a contract, drowning the reports that matter (issue 10): in a browser, zod is told
// not to before any schema here is made. The server keeps the compiled parsers.
import { config, z } from 'zod';

if ('document' in globalThis) config({ jitless: true });

export { z };
