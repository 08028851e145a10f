// The usage estimate call of DESIGN §4.4 "Energy views": a property's use of the year or month so
// far, projected to its end, with last year's and the cost, for everyone of its organization.
import { UsageEstimateQuerySchema, UsageEstimateSchema } from '@portal/contracts/usage-estimate';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PropertyIdParams } from '../../access/id-params';
import type { AppContext } from '../../context';
import { errorResponses } from '../route-errors';
import { UsageEstimateService } from './usage-estimate.service';

/** A window is a year or a month: asking for both names two. */
const QuerySchema = UsageEstimateQuerySchema.refine(
  (query) => query.year === undefined || query.month === undefined,
  { error: 'Ask for a year or a month, not both.' },
);

export const usageEstimateRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const estimates = new UsageEstimateService(context);

  app.get(
    '/properties/:propertyId/usage-estimate',
    {
      schema: {
        tags: ['energy'],
        summary:
          "A property's use of the year or month so far, projected to its end, with its cost",
        description:
          "?year= (default this year) or ?month=YYYY-MM, in the property's time zone; buckets " +
          'are months of a year or days of a month. Per meter type (heat, el used, hw, cw): use ' +
          "up to today, the projection from last year's profile (or the rate so far) with a " +
          "band, last year's use, and the cost at the property's prices. Wh for heat and el, " +
          'litres for water, SEK. Method: docs/energy.md "Usage estimate".',
        params: PropertyIdParams,
        querystring: QuerySchema,
        response: { 200: UsageEstimateSchema, ...errorResponses },
      },
    },
    async (request) =>
      estimates.ofProperty(request.caller, request.params.propertyId, request.query),
  );
};
