// Development only (never in production, like the dev mailbox): the Playwright journeys travel one loan
// through time. POST /dev/servicing/{id}/travel {days} makes the loan `days` older, then runs the daily
// loan review, so a journey can see a loan 45 or 91 days past due without waiting and without moving
// anyone else's loans. POST /dev/notices/run runs the daily notices (reminders, overdue notices, the Act's section 129
// and bureau notices, statements) now, as at midday in Johannesburg today, so a journey need not wait for the job's
// quarter hour within its 08:00-18:00 window.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessDate, startOfBusinessDay } from '../../../shared/business-date';
import type { Deps } from '../../lib/deps';
import { idParams } from '../../lib/route-schemas';
import { reviewLoans, shiftLoanHistory } from '../loans';
import { sendDueNotices } from '../notices/notices.service';

export function devServicingRoutes(app: FastifyInstance, deps: Deps) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/dev/servicing/:id/travel',
    {
      schema: {
        hide: true,
        params: idParams,
        body: z.object({ days: z.number().int().min(1).max(3650) }).strict(),
      },
    },
    async (request) => {
      await deps.db.transaction((tx) => shiftLoanHistory(tx, request.params.id, request.body.days));
      return { success: true, review: await reviewLoans(deps.db, deps.clock) };
    },
  );
  app.post('/dev/notices/run', { schema: { hide: true } }, async () => {
    const midday = new Date(
      startOfBusinessDay(businessDate(deps.clock.now())).getTime() + 12 * 60 * 60 * 1000,
    );
    return { success: true, sent: await sendDueNotices(deps.db, { now: () => midday }, deps.config) };
  });
}
