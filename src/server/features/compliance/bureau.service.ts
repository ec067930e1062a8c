// The monthly credit bureau submission (docs/compliance.md, "Credit bureau"): made by a job for last month once it
// has ended (idempotent: one file per month, held by a unique index), listed and downloaded by admins. The file holds
// what a bureau needs to identify each consumer (their ID number): it is answered only to admins, never logged.
import { addDays, businessDate, type IsoDate } from '../../../shared/business-date';
import type { BureauSubmissionList } from '../../../shared/schemas/compliance';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Deps } from '../../lib/deps';
import { notFound } from '../../lib/errors';
import { recordAction } from '../audit/audit.repository';
import type { SessionUser } from '../sessions/sessions.service';
import {
  bureauAccountsAt,
  findBureauSubmission,
  insertBureauSubmission,
  listBureauSubmissions,
} from './bureau.repository';
import { buildBureauFile } from './bureau-file';

/** Last month as 'YYYY-MM' and its last day, seen from `today`. */
export function lastMonthOf(today: IsoDate): { period: string; periodEnd: IsoDate } {
  const periodEnd = addDays(`${today.slice(0, 7)}-01` as IsoDate, -1);
  return { period: periodEnd.slice(0, 7), periodEnd };
}

/** The job: last month's file, when it has not been made yet. True when this run made it. */
export async function makeBureauSubmission(db: Db, config: Config, clock: Clock): Promise<boolean> {
  const now = clock.now();
  const today = businessDate(now);
  const { period, periodEnd } = lastMonthOf(today);
  if (await findBureauSubmission(db, period)) return false;
  const file = buildBureauFile({
    ncrRegistrationNumber: config.legal.ncrRegistrationNumber,
    providerLegalName: config.legal.providerLegalName,
    period,
    periodEnd,
    madeOn: today,
    accounts: await bureauAccountsAt(db, periodEnd),
  });
  return insertBureauSubmission(db, { period, ...file, at: now });
}

export async function bureauSubmissions({ db }: Deps): Promise<BureauSubmissionList> {
  const rows = await listBureauSubmissions(db);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** One month's file, to download; the download is audited (it names every borrower). */
export async function bureauSubmissionFile({ db, clock }: Deps, admin: SessionUser, period: string) {
  const file = await findBureauSubmission(db, period);
  if (!file) throw notFound(`No bureau submission for ${period}.`);
  await recordAction(db, {
    userId: admin.id,
    adminId: admin.id,
    action: 'bureau_submission_downloaded',
    notes: `bureau submission ${period} (${file.rows} accounts)`,
    at: clock.now(),
  });
  return { fileName: `vuka-bureau-${period}.csv`, content: file.content };
}
