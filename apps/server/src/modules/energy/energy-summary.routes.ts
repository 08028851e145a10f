// GET /api/properties/{propertyId}/energy-summary (DESIGN §4.4 "Energy views"): a property's
// energy figures of a calendar year or the last 12 months, for everyone of its organization.
import { EnergySummarySchema, EnergyYearQuerySchema } from '@portal/contracts/energy-summary';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PropertyIdParams } from '../../access/id-params';
import type { AppContext } from '../../context';
import { errorResponses } from '../route-errors';
import { EnergySummaryService } from './energy-summary.service';

const DESCRIPTION =
  'Total energy demand, average energy use per m² Atemp, the primary energy number EP and the ' +
  "energy class A–G against the building type's requirement, from metered data of a calendar " +
  'year (`year=2025`) or the 12 whole months before this one (`year=last12Months`, the default), ' +
  "in the property's time zone. Heat meters count with a non-electric heating carrier (hot water " +
  'told apart at the rule set’s kWh per m³ of metered hot water, heating alone divided by Fgeo); ' +
  "the building's electricity (el, role consumption) net of the solar that covered it hour by " +
  'hour; households’ electricity is left out. Weighting factors per calendar month from the rule ' +
  "set valid on the window's last day, which the answer names. An estimate from metered data, " +
  'not normal-year corrected, not an energy declaration.';

export const energySummaryRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const summaries = new EnergySummaryService(context);

  app.get(
    '/properties/:propertyId/energy-summary',
    {
      schema: {
        tags: ['energy'],
        summary: "A property's energy figures: EP, energy class and what they rest on",
        description: DESCRIPTION,
        params: PropertyIdParams,
        querystring: EnergyYearQuerySchema,
        response: { 200: EnergySummarySchema, ...errorResponses },
      },
    },
    async (request) =>
      summaries.ofProperty(request.caller, request.params.propertyId, request.query),
  );
};
