// Locking one loan for a change of its balance or state: its application row, then its schedule row, the order every
// payment takes, so two changes of the same loan never deadlock.
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { lockApplication } from './applications.repository';
import { lockScheduleByApplication } from './servicing.repository';

/** The loan's application and schedule, both locked (FOR UPDATE); 404 when there is no loan for the application. */
export async function lockLoan(tx: DbOrTx, applicationId: number) {
  const app = await lockApplication(tx, applicationId);
  const schedule = app ? await lockScheduleByApplication(tx, applicationId) : undefined;
  if (!app || !schedule) throw notFound(`Could not find a loan for application ${applicationId}`);
  return { app, schedule };
}
