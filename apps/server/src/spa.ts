// Serves the built web app under /portal/: files as they are (Brotli or gzip copies made at build
// time when the browser takes them), every other /portal/ path as the app's index.html so deep
// links work, and JSON 404s for everything else.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@portal/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';
import { pagePolicy } from './security';

export const BASE_PATH = '/portal';
/** What the web build writes where each page's nonce goes (apps/web/vite.config.ts). */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';
/** The compressed copies the web build writes beside its files. */
const PRECOMPRESSED = ['.br', '.gz'];

const pathnameOf = (url: string) => new URL(url, 'http://portal.invalid').pathname;
/**
 * A missing build file must answer 404, not the HTML page (a browser would run HTML as a script).
 * Only extensions the build writes count: screen paths may end in an e-mail address's '.se'.
 */
const BUILD_FILE =
  /\/assets\/|\.(?:js|mjs|css|map|json|txt|ico|png|jpe?g|svg|webp|woff2?|webmanifest)$/i;
const isBuildFile = (url: string) => BUILD_FILE.test(pathnameOf(url));

export async function registerSpa(app: FastifyInstance, webRoot: string) {
  const indexFile = path.join(webRoot, 'index.html');
  const page = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  if (page) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: `${BASE_PATH}/`,
      index: false,
      // One route per file found at start: every other path falls through to the handler below.
      wildcard: false,
      // The build writes file.br and file.gz beside each compressible file (apps/web
      // vite.config.ts); they are chosen by Accept-Encoding, never routes of their own. The page
      // is not a file route either: it is only ever sent with its nonce stamped in (below).
      preCompressed: true,
      // Source maps stay on the server's disk for reading a stack trace; they are not published
      // (the build writes no reference to them either).
      globIgnore: [
        ...PRECOMPRESSED.map((extension) => `**/*${extension}`),
        '**/index.html',
        '**/*.map',
      ],
      setHeaders(response, filePath) {
        // Hashed build output never changes under its name; everything else is revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webRoot }, 'the web app is not built; run `npm run build` to serve /portal/');
  }

  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(`${BASE_PATH}/`));
  app.get(BASE_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.redirect(`${BASE_PATH}/`),
  );

  app.setNotFoundHandler((request, reply) => {
    const isPortalPage =
      page !== undefined &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      pathnameOf(request.url).startsWith(`${BASE_PATH}/`) &&
      !isBuildFile(request.url);
    if (isPortalPage) {
      const nonce = randomBytes(16).toString('base64');
      return reply
        .header('Content-Security-Policy', pagePolicy(nonce))
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page.replaceAll(NONCE_PLACEHOLDER, nonce));
    }
    const message = `Route ${request.method} ${pathnameOf(request.url)} not found`;
    return reply.status(404).send(errorBody(404, message, ErrorCode.notFound));
  });
}
