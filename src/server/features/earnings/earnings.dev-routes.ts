// Development only (never in production, like the dev mailbox): POST /dev/earnings/:id/propose {usd, rate} writes
// the review queue's proposal for a loan's last month as the monthly job would after reading `usd` dollars from
// YouTube at `rate` rand a dollar, so a Playwright journey can review earnings without the platforms.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessDate } from '../../../shared/business-date';
import { lastDayOfMonth, previousMonthOf } from '../../../shared/finance/platform-earnings';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { idParams } from '../../lib/route-schemas';
import { writeProposal } from './earnings-job.service';
import { scheduleOwnerOf } from './earnings-proposals.repository';

export function devEarningsRoutes(app: FastifyInstance, deps: Deps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dev/earnings/:id/propose',
    {
      schema: {
        hide: true,
        params: idParams,
        body: z
          .object({ usd: z.string().regex(/^\d{1,8}\.\d{2}$/), rate: z.string().regex(/^\d{1,3}\.\d{1,6}$/) })
          .strict(),
      },
    },
    async (request) => {
      const owner = await scheduleOwnerOf(deps.db, request.params.id);
      if (!owner) throw notFound('No schedule for that application');
      const { year, month } = previousMonthOf(businessDate(deps.clock.now()));
      const row = await writeProposal(
        deps.db,
        { application_id: request.params.id, user_id: owner.userId },
        { year, month, end: lastDayOfMonth(year, month) },
        {
          platform: 'youtube',
          parts: [{ platform: 'youtube', currency: 'USD', amount: request.body.usd, verified: false }],
          failures: [],
        },
        async () => ({ rate: request.body.rate, source: 'openexchangerates.org' }),
        deps.clock.now(),
      );
      return { success: true, id: row?.id ?? null };
    },
  );
}
