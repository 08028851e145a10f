// Security headers for every response: a strict Content-Security-Policy with no inline script,
// no framing, no MIME sniffing and no referrer (signup links carry keys in their path). JSON
// answers of the API get the few that mean something for a document that is never rendered.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const DIRECTIVES: Record<string, string[]> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  manifestSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The policy for a page of the web app: as strict as the rest, but the style elements the UI kit
 * creates at run time are allowed when they carry this response's nonce.
 */
export function pagePolicy(nonce: string) {
  return serialize({
    ...DIRECTIVES,
    styleSrc: [...(DIRECTIVES.styleSrc ?? []), `'nonce-${nonce}'`],
  });
}

/**
 * The policy for the API documentation page: the third-party viewer sets inline styles, which
 * this developer page allows; scripts stay as strict as everywhere else.
 */
export function documentationPolicy() {
  return serialize({
    ...DIRECTIVES,
    styleSrc: [...(DIRECTIVES.styleSrc ?? []), "'unsafe-inline'"],
  });
}

function serialize(directives: Record<string, string[]>) {
  return Object.entries(directives)
    .map(([name, values]) => `${kebab(name)} ${values.join(' ')}`)
    .join('; ');
}

let computed: Record<string, string> | undefined;

/**
 * The headers helmet sends with the portal's settings. They are the same for every answer, so
 * helmet is asked once, at start; @fastify/helmet would build helmet's middleware again for every
 * request, parsing the policy each time (docs/dependencies.md).
 */
export function securityHeaders(): Readonly<Record<string, string>> {
  if (computed) return computed;
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  computed = headers;
  return headers;
}

/**
 * The headers of the API's JSON answers (OWASP's REST set): nothing may load from or frame
 * them, no sniffing them into something else, no reading them from another site, HTTPS only.
 * helmet's others (opener policy, DNS prefetch, download options, …) concern documents a browser
 * shows; leaving them off made a small call about 15% faster (W3, docs/performance.md).
 */
export function apiSecurityHeaders(): Readonly<Record<string, string>> {
  const all = securityHeaders();
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    ...assetSecurityHeaders(),
    'strict-transport-security': all['strict-transport-security'] ?? 'max-age=31536000',
  };
}

/**
 * The headers of the web build's scripts and stylesheets. A browser never shows one as a
 * document (with nosniff it runs or applies it only under its own type), so a page's policy,
 * framing and opener headers mean nothing for it; what matters is that it is not read as
 * something else and not loaded by another site. A signed-in screen loads some thirty of them:
 * helmet's whole set was 600 bytes on each, a tenth of the screen's code (W8, docs/performance.md).
 */
export function assetSecurityHeaders(): Readonly<Record<string, string>> {
  return { 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'same-origin' };
}

/** The API's JSON answers, apart from its documentation page (a document like the app's). */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');
/** A script or stylesheet of the web build (an SVG or a page could be shown as a document). */
const isScriptOrStyle = (url: string) =>
  /^\/portal\/assets\/[^?#]+\.(?:js|css)(?:[?#]|$)/.test(url);

/** Sets the headers on every answer first; a page or route may then replace its policy. */
export function registerSecurityHeaders(app: FastifyInstance) {
  const forDocuments = securityHeaders();
  const forApi = apiSecurityHeaders();
  const forAssets = assetSecurityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    const { url } = request;
    reply.headers(isApiAnswer(url) ? forApi : isScriptOrStyle(url) ? forAssets : forDocuments);
    done();
  });
}
