// zod compiles a faster parser for each object schema with `new Function`, and probes whether it
// may when the schema is made. The page's Content-Security-Policy allows no eval, so the browser
// reported that probe as a violation on every screen that loads a contract (issue 10), drowning
// the reports that matter. Without it zod parses as fast as a form needs. main.tsx imports this
// before anything that makes a schema.
import { config } from 'zod';

config({ jitless: true });
