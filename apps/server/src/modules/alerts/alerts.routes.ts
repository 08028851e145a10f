// The alerts call of issue 13 item 6: a property's open alerts and its recent ones, for everyone
// of its organization.
import { PropertyAlertsQuerySchema, PropertyAlertsSchema } from '@portal/contracts/alerts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PropertyIdParams } from '../../access/id-params';
import type { AppContext } from '../../context';
import { errorResponses } from '../route-errors';
import { AlertsService } from './alerts.service';

export const alertsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (
  app,
  { context },
) => {
  const alerts = new AlertsService(context);

  app.get(
    '/properties/:propertyId/alerts',
    {
      schema: {
        tags: ['alerts'],
        summary: "A property's gateways and meters offline and its possible leaks: open and recent",
        description:
          'Open alerts (the most recently started first, at most 200; openTotal counts them all) ' +
          'and those ended in the last 7 days (the most recently ended first, at most 50). ' +
          "An offline gateway's entry lists the meters of its area silent with it " +
          '(silentMeterIds), which are not listed one by one; a meter is listed alone while a ' +
          'gateway of its area is online. ?areaId= keeps one area. Rules: docs/telemetry.md "Alerts".',
        params: PropertyIdParams,
        querystring: PropertyAlertsQuerySchema,
        response: { 200: PropertyAlertsSchema, ...errorResponses },
      },
    },
    async (request) => alerts.ofProperty(request.caller, request.params.propertyId, request.query),
  );
};
