// Security headers for every response: a strict Content-Security-Policy with no inline script,
// no framing, no MIME sniffing and no referrer (signup links carry keys in their path).
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

/** The policy helmet sends on every other answer, as a header value. */
export function apiPolicy() {
  return serialize(DIRECTIVES);
}

function serialize(directives: Record<string, string[]>) {
  return Object.entries(directives)
    .map(([name, values]) => `${kebab(name)} ${values.join(' ')}`)
    .join('; ');
}

export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: DIRECTIVES },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
}
