// Development only (never in production, like the dev mailbox): the Playwright journeys of the paged lists need
// more than a page of applications, and submitting them one by one through the API (one open application per
// creator, so a cancel between each) takes most of a journey's time. POST /dev/admin/seed-applications
// { lastName, amounts, openLast } inserts one creator called Naledi <lastName> and an application per amount,
// a minute apart, in one statement.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_REQUESTED_AMOUNT, MIN_REQUESTED_AMOUNT } from '../../../shared/constants';
import type { Deps } from '../../lib/deps';
import { seedJourneyApplications } from './admin-lists.repository';

export function devAdminRoutes(app: FastifyInstance, deps: Deps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dev/admin/seed-applications',
    {
      schema: {
        hide: true,
        body: z
          .object({
            lastName: z.string().regex(/^[A-Za-z]{3,40}$/),
            amounts: z
              .array(z.number().int().min(MIN_REQUESTED_AMOUNT).max(MAX_REQUESTED_AMOUNT))
              .min(1)
              .max(1000),
            openLast: z.boolean().default(false),
          })
          .strict(),
      },
    },
    async (request) => ({
      success: true,
      ...(await seedJourneyApplications(deps.db, request.body, deps.clock.now())),
    }),
  );
}
