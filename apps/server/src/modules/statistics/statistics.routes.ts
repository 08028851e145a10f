// The statistics calls of DESIGN §4.4: a property's or an area's use per period, for everyone of
// its organization, answered from the rollups (docs/telemetry.md "Statistics").
import { StatisticsQuerySchema, StatisticsSchema } from '@portal/contracts/statistics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AreaIdParams, PropertyIdParams } from '../../access/id-params';
import type { AppContext } from '../../context';
import { errorResponses } from '../route-errors';
import { StatisticsService } from './statistics.service';

const DESCRIPTION =
  "Buckets in the property's time zone: hours for a day (23 or 25 on DST days), days for a week " +
  '(Monday first) or a month, months for a year, years for lifetime, one for the totals; every ' +
  'bucket of the window is there (0 where nothing was read). `types` (comma-separated, default ' +
  'all): heat, el, hw, cw and solar (el meters of role production; el is the rest). `by`: one ' +
  'series per type (default), per area and type, or per device. Wh for heat, el and solar, ' +
  'litres for water. totalEnergyWh: heat and electricity used in the window (not production), ' +
  "whatever `types` shows; totalPowerW: their mean power in the window's last complete hour.";

export const statisticsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const statistics = new StatisticsService(context);

  app.get(
    '/properties/:propertyId/statistics',
    {
      schema: {
        tags: ['statistics'],
        summary: "A property's use per period, by type, area or device",
        description: DESCRIPTION,
        params: PropertyIdParams,
        querystring: StatisticsQuerySchema,
        response: { 200: StatisticsSchema, ...errorResponses },
      },
    },
    async (request) =>
      statistics.ofProperty(request.caller, request.params.propertyId, request.query),
  );

  app.get(
    '/areas/:areaId/statistics',
    {
      schema: {
        tags: ['statistics'],
        summary: "An area's use per period, by type or device",
        description: DESCRIPTION,
        params: AreaIdParams,
        querystring: StatisticsQuerySchema,
        response: { 200: StatisticsSchema, ...errorResponses },
      },
    },
    async (request) => statistics.ofArea(request.caller, request.params.areaId, request.query),
  );
};
