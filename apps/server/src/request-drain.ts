// Closing the app without cutting work off. Fastify's close stops listening and waits for open
// connections, but a request whose client has gone away holds no connection while its handler
// still runs, and a keep-alive connection whose answer was under way at the signal stays open
// (idle) until its timeout. Both are handled here, so the database can be closed right after.
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Registers the bookkeeping on `app` (before it listens) and answers the function that closes
 * it: it resolves once no connection is open, the onClose hooks have run (the mailer stops), and
 * every request taken has been answered.
 */
export function drainingClose(app: FastifyInstance): () => Promise<void> {
  let closing = false;
  const running = new Set<FastifyRequest>();
  let lastOneDone: (() => void) | undefined;
  const done = (request: FastifyRequest) => {
    if (running.delete(request) && running.size === 0) lastOneDone?.();
  };

  app.addHook('onRequest', (request, _reply, next) => {
    running.add(request);
    next();
  });
  // The answer is ready, so the handler and every hook that could use the database are done.
  app.addHook('onSend', (request, reply, payload, next) => {
    // Answers given while closing end their connection, or keep-alive would hold it open.
    if (closing) reply.header('connection', 'close');
    done(request);
    next(null, payload);
  });
  // An answer that never passed onSend (an error while sending it).
  app.addHook('onResponse', (request, _reply, next) => {
    done(request);
    next();
  });

  return async () => {
    closing = true;
    await app.close();
    if (running.size > 0) await new Promise<void>((resolve) => (lastOneDone = resolve));
  };
}
