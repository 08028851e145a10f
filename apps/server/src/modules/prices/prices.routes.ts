// The prices calls of DESIGN §4.4: a property's prices per meter type, read by everyone of its
// organization and replaced as a whole by its site managers.
import { PricesSchema, UpdatePricesSchema } from '@portal/contracts/prices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PropertyIdParams as params } from '../../access/id-params';
import type { AppContext } from '../../context';
import { errorResponses } from '../route-errors';
import { PricesService } from './prices.service';

export const pricesRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const prices = new PricesService(context);

  app.get(
    '/properties/:propertyId/prices',
    {
      schema: {
        tags: ['prices'],
        summary: "A property's prices per meter type, for the usage estimate",
        description:
          'SEK per kWh for heat and el, per m³ for hw and cw, each with a fixed part per month. ' +
          'A type left out has no price; updatedAt is null while none is set.',
        params,
        response: { 200: PricesSchema, ...errorResponses },
      },
    },
    async (request) => prices.get(request.caller, request.params.propertyId),
  );

  app.put(
    '/properties/:propertyId/prices',
    {
      schema: {
        tags: ['prices'],
        summary: "Replace a property's prices (site managers); a type left out loses its price",
        params,
        body: UpdatePricesSchema,
        response: { 200: PricesSchema, ...errorResponses },
      },
    },
    async (request) => prices.replace(request.caller, request.params.propertyId, request.body),
  );
};
