// The compare call of DESIGN §4.4 "Energy views": a property's areas, periods, sibling properties
// or main meters against each other, for everyone of its organization (docs/energy.md "Compare").
import { CompareQuerySchema, CompareSchema } from '@portal/contracts/compare';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PropertyIdParams } from '../../access/id-params';
import type { AppContext } from '../../context';
import { errorResponses } from '../route-errors';
import { CompareService } from './compare.service';

const DESCRIPTION =
  'Series in the statistics shape over the period (buckets as in statistics). `kind=areas`: one ' +
  'series per area with meters of `type` (optionally of `areaType`; main meters left out), ' +
  'ranked highest first by use per m² of floor area when every ranked area has one, else by use, ' +
  "with the median and each area's multiple of it. `kind=periods`: every type, the period " +
  'against the same period a year earlier (`against=lastYear`, a week 52 weeks earlier, ' +
  'thisMonth the same days of that month) or the one before (`against=previous`); lifetime is ' +
  "refused. `kind=properties`: the organization's properties with meters of `type`, ranked per " +
  'm² Atemp when every one has it, else by use (a property with a main meter of the type counts ' +
  'its main meters only). `kind=main`: the main meters of `type` against the sum of its other ' +
  'meters and the difference (main − others); without a main meter only `others`, mainMeters 0.';

export const compareRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const compare = new CompareService(context);

  app.get(
    '/properties/:propertyId/compare',
    {
      schema: {
        tags: ['energy'],
        summary: "A property's areas, periods, sibling properties or main meters compared",
        description: DESCRIPTION,
        params: PropertyIdParams,
        querystring: CompareQuerySchema,
        response: { 200: CompareSchema, ...errorResponses },
      },
    },
    async (request) => compare.ofProperty(request.caller, request.params.propertyId, request.query),
  );
};
