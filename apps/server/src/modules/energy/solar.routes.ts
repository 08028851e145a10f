// GET /api/properties/{propertyId}/solar (DESIGN §4.4 "Energy views"): a property's solar
// production per bucket of a statistics period, for everyone of its organization.
import { SolarQuerySchema, SolarSchema } from '@portal/contracts/solar';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PropertyIdParams } from '../../access/id-params';
import type { AppContext } from '../../context';
import { errorResponses } from '../route-errors';
import { SolarService } from './solar.service';

const DESCRIPTION =
  "The production of the property's el meters with role production per bucket of the period " +
  '(the statistics periods and buckets), the same window a year earlier laid on these buckets ' +
  '(none for lifetime), the building’s own electricity (role consumption) and how much of it the ' +
  'production covered hour by hour (the least of the two in each hour), and the day with the ' +
  'most production. Series `solar`, `solarLastYear` and `covered`, in Wh. productionMeters 0: ' +
  'the property has no production meter.';

export const solarRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const solar = new SolarService(context);

  app.get(
    '/properties/:propertyId/solar',
    {
      schema: {
        tags: ['energy'],
        summary: "A property's solar production and the own use it covered",
        description: DESCRIPTION,
        params: PropertyIdParams,
        querystring: SolarQuerySchema,
        response: { 200: SolarSchema, ...errorResponses },
      },
    },
    async (request) => solar.ofProperty(request.caller, request.params.propertyId, request.query),
  );
};
