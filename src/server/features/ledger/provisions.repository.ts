// Table access of provisioning (docs/accounting.md, "Provisions"): the loans on the books staged and their expected
// credit loss written in one statement, the runs, and the allowance's balance and use.
import { desc, eq, sql } from 'drizzle-orm';
import type { IsoDate } from '../../../shared/business-date';
import { ECL_PARAMETERS, STAGE_TWO_AFTER_DAYS } from '../../../shared/ledger/provisioning';
import { type DbOrTx, queryRows } from '../../db/client';
import { daysPastDue, SERVICED } from '../../db/schedule-sql';
import { provisionRuns, users } from '../../db/schema';
import { scheduleInMode } from '../app-settings/app-settings.service';

/** Provisioning runs one at a time (a transaction-scoped advisory lock). */
export async function lockProvisioning(db: DbOrTx) {
  await db.execute(sql`select pg_advisory_xact_lock(7001, 2)`);
}

export async function insertRun(db: DbOrTx, run: typeof provisionRuns.$inferInsert) {
  const [row] = await db.insert(provisionRuns).values(run).returning({ id: provisionRuns.id });
  return row!.id;
}

export async function updateRunAllowance(db: DbOrTx, id: number, allowanceAfter: string) {
  await db.update(provisionRuns).set({ allowanceAfter }).where(eq(provisionRuns.id, id));
}

/**
 * Stages every loan on the books on `today` into the run, with its exposure (the principal still owed: the balance
 * less its share of the unearned finance charge) and ECL = PD x LGD x exposure to the cent. On the books: being repaid
 * (active or in default), not written off, something owed, not a test loan. Stage 3 in default; stage 2 more than 30
 * days late or in forbearance probation; stage 1 the rest.
 */
export async function stageLoans(db: DbOrTx, runId: number, today: IsoDate) {
  const [p1, p2, p3] = [ECL_PARAMETERS[1], ECL_PARAMETERS[2], ECL_PARAMETERS[3]];
  await db.execute(sql`
    insert into provision_loans (run_id, application_id, stage, exposure, ecl)
    select ${runId}, application_id, stage, exposure,
      round(exposure * case stage when 1 then ${p1.pd}::numeric * ${p1.lgd}::numeric
                                  when 2 then ${p2.pd}::numeric * ${p2.lgd}::numeric
                                  else ${p3.pd}::numeric * ${p3.lgd}::numeric end, 2)
    from (
      select s.application_id,
        case when s.status = 'defaulted' then 3
             when ${daysPastDue(today)} > ${STAGE_TWO_AFTER_DAYS} or s.forbearance = 'probation' then 2
             else 1 end as stage,
        round(s.remaining_amount * (s.total_amount - s.cost_amount) / s.total_amount, 2) as exposure
      from repayment_schedules s
      where ${SERVICED} and s.written_off_on is null and s.remaining_amount > 0 and s.total_amount > 0
        and ${scheduleInMode('production')}
    ) staged`);
}

export type StageTotals = { stage: number; loans: number; exposure: string; ecl: string };

export async function stageTotals(db: DbOrTx, runId: number): Promise<StageTotals[]> {
  return queryRows<StageTotals>(
    db,
    sql`select stage, count(*)::int as loans, sum(exposure)::numeric(14,2)::text as exposure,
        sum(ecl)::numeric(14,2)::text as ecl
      from provision_loans where run_id = ${runId} group by stage order by stage`,
  );
}

/** The loss allowance's balance booked up to `through` (a credit balance, as a positive amount). */
export async function allowanceBalance(db: DbOrTx, through: IsoDate): Promise<string> {
  const [row] = await queryRows<{ balance: string }>(
    db,
    sql`select coalesce(sum(credit - debit), 0)::numeric(14,2)::text as balance
      from ledger_lines where account = 'loss_allowance' and booked_on <= ${through}`,
  );
  return row!.balance;
}

/** The latest runs, newest first, with who ran them. */
export async function latestRuns(db: DbOrTx, limit: number) {
  return db
    .select({
      id: provisionRuns.id,
      asOf: provisionRuns.asOf,
      runAt: provisionRuns.runAt,
      runBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      allowanceBefore: provisionRuns.allowanceBefore,
      allowanceAfter: provisionRuns.allowanceAfter,
    })
    .from(provisionRuns)
    .leftJoin(users, eq(users.id, provisionRuns.runBy))
    .orderBy(desc(provisionRuns.id))
    .limit(limit);
}

/** The loan's expected credit loss in the latest run, what the allowance holds for it ('0.00' when never staged). */
export async function latestEclOf(db: DbOrTx, applicationId: number): Promise<string> {
  const [row] = await queryRows<{ ecl: string }>(
    db,
    sql`select ecl::text from provision_loans
      where run_id = (select max(id) from provision_runs) and application_id = ${applicationId}`,
  );
  return row?.ecl ?? '0.00';
}
