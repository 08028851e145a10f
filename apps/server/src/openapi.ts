// The API's OpenAPI 3.1 document, generated from the zod contracts the routes validate with,
// served at /api/openapi.json and browsable at /api/docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { documentationPolicy } from './security';

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Portal API',
        description:
          'Property and energy-management portal. Authenticate with `Authorization: Bearer <access token>`; ' +
          'an expired access token answers 418 and is renewed with POST /api/auth/refresh/.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The calls under /api/ingest: `Authorization: Gateway <key>` (gateway-authentication.ts).
          gatewayKey: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Gateway <key>: the ingestion key shown once when the gateway was added',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: {
      // Runs after the global security headers, so this page's policy replaces theirs.
      onRequest: (_request, reply, done) => {
        reply.header('Content-Security-Policy', documentationPolicy());
        done();
      },
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
