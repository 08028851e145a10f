// One budget per client address for every call that sends mail (registering, inviting, a reset
// request, sending an invitation again): a route joins it with `config: { sendsMail: true }`.
// @fastify/rate-limit's per-route limits would count each route apart (its stores keep one count
// per route, groupId or not), so one limiter made with createRateLimit counts them all, in the
// database like every limit (http/rate-limit-store.ts), so replicas share the budget. It stops one
// address from sending to many; the budget that protects each inbox is recipient-budget.ts's.
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call sends mail: it counts against the client address's mail budget. */
    sendsMail?: boolean;
  }
}

/**
 * Refuses a mail-sending call with 429 past `perMinute` of them from one address. The check is
 * added to those routes alone, as they are declared, so every other call (health above all, W3)
 * pays nothing for it. Register before the routes.
 */
export function registerMailSendingBudget(app: FastifyInstance, perMinute: number) {
  // Keyed like every other limit: the client address (TRUST_PROXY), an IPv6 /64 as one; named,
  // since a limiter of its own has no route to count under in the store.
  const limiter = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `mail ${normalizeIP(request.ip)}`,
  });
  const withinBudget = async (request: FastifyRequest) => {
    const limit = await limiter(request);
    if (!limit.isAllowed && limit.isExceeded) {
      throw tooManyRequests(limit.ttl / 1000, 'Too many requests. Try again later.');
    }
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.sendsMail) return;
    // Before the route's own checks, once the body is read (as the per-route limits, app.ts).
    const own = route.preHandler ?? [];
    route.preHandler = [withinBudget, ...(Array.isArray(own) ? own : [own])];
  });
}
