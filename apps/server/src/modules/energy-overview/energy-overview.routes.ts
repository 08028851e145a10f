// The dashboard's and the overview's energy call: properties' month so far against a year earlier.
import { EnergyOverviewQuerySchema, EnergyOverviewSchema } from '@portal/contracts/energy-overview';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { errorResponses } from '../route-errors';
import { EnergyOverviewService } from './energy-overview.service';

export const energyOverviewRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const overview = new EnergyOverviewService(context);

  app.get(
    '/energy-overview',
    {
      schema: {
        tags: ['energy'],
        summary: "Properties' energy at a glance: this month against the same days a year earlier",
        description:
          'For each named property of your organizations (others are left out, as if they did not ' +
          'exist), in the order named: per meter type it has (heat, el, hw, cw, solar), the use ' +
          "from the month's 1st to today in its time zone and on the same days a year earlier " +
          '(null where nothing was recorded then), and the energy class of the last 12 months. ' +
          'Wh for energy, litres for water. docs/energy.md "Overview and dashboard".',
        querystring: EnergyOverviewQuerySchema,
        response: { 200: EnergyOverviewSchema, ...errorResponses },
      },
    },
    async (request) => overview.of(request.caller, request.query.propertyIds),
  );
};
