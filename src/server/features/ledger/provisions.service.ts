// Provisions for expected credit losses (IFRS 9; docs/accounting.md, "Provisions"). A run stages every loan on the
// books, adds up PD x LGD x exposure, and posts one journal moving the loss allowance to that figure (impairment
// expense when it rises, released when it falls). Runs take turns under a lock; each is kept with its loans and
// audited. A write-off uses what the latest run held for the loan (write-off.service.ts).
import Decimal from 'decimal.js';
import { formatZar, toMoneyString } from '../../../shared/finance/money';
import { formatDate as day } from '../../../shared/format';
import {
  ECL_PARAMETERS,
  PROVISION_STAGES,
  type ProvisionStage,
  STAGE_LABELS,
} from '../../../shared/ledger/provisioning';
import type { ProvisionsAnswer } from '../../../shared/schemas/books';
import { today as todayOf } from '../../lib/clock';
import type { Deps } from '../../lib/deps';
import { recordAction } from '../audit/audit.repository';
import type { SessionUser } from '../sessions/sessions.service';
import { postJournal } from './ledger.service';
import * as repo from './provisions.repository';

/** How many past runs the report lists. */
const RUNS_LISTED = 12;

export async function runProvisions({ db, clock }: Deps, staff: SessionUser) {
  const now = clock.now();
  const today = todayOf(clock);
  return db.transaction(async (tx) => {
    await repo.lockProvisioning(tx);
    const before = await repo.allowanceBalance(tx, today);
    const runId = await repo.insertRun(tx, {
      asOf: today,
      runAt: now,
      runBy: staff.id,
      allowanceBefore: before,
      allowanceAfter: before,
      parameters: ECL_PARAMETERS,
    });
    await repo.stageLoans(tx, runId, today);
    const stages = await repo.stageTotals(tx, runId);
    const required = stages.reduce((sum, s) => sum.plus(s.ecl), new Decimal(0));
    const charge = required.minus(before);
    if (!charge.isZero()) {
      const amount = charge.abs();
      await postJournal(
        tx,
        {
          kind: 'provision',
          description: `Loss allowance set to ${formatZar(toMoneyString(required))}: expected credit loss on ${day(today)}`,
          createdBy: staff.id,
          at: now,
        },
        charge.gt(0)
          ? [
              { account: 'impairment_expense', debit: amount },
              { account: 'loss_allowance', credit: amount },
            ]
          : [
              { account: 'loss_allowance', debit: amount },
              { account: 'impairment_expense', credit: amount },
            ],
      );
    }
    await repo.updateRunAllowance(tx, runId, toMoneyString(required));
    const moved = charge.isZero()
      ? 'unchanged'
      : `${charge.gt(0) ? 'raised' : 'released'} by ${formatZar(toMoneyString(charge.abs()))}`;
    const loans = stages.reduce((n, s) => n + s.loans, 0);
    const message = `Provisions on ${day(today)}: an expected credit loss of ${formatZar(toMoneyString(required))} on ${loans} loan${loans === 1 ? '' : 's'}; the loss allowance ${moved}.`;
    await recordAction(tx, {
      userId: null,
      adminId: staff.id,
      action: 'provisions_run',
      notes: message,
      at: now,
    });
    return { success: true as const, message };
  });
}

/** The latest run by stage with the allowance's movement since the run before it, and the runs before. */
export async function provisionReport({ db, clock }: Deps): Promise<ProvisionsAnswer> {
  const [runs, allowanceNow] = await Promise.all([
    repo.latestRuns(db, RUNS_LISTED),
    repo.allowanceBalance(db, todayOf(clock)),
  ]);
  const listed = runs.map((r) => ({ ...r, runAt: r.runAt.toISOString() }));
  const [latest, previous] = runs;
  if (!latest) return { success: true, latest: null, allowanceNow, runs: [] };
  const totals = await repo.stageTotals(db, latest.id);
  const byStage = new Map(totals.map((t) => [t.stage as ProvisionStage, t]));
  const stages = PROVISION_STAGES.map((stage) => ({
    stage,
    label: STAGE_LABELS[stage],
    loans: byStage.get(stage)?.loans ?? 0,
    exposure: byStage.get(stage)?.exposure ?? '0.00',
    ...ECL_PARAMETERS[stage],
    ecl: byStage.get(stage)?.ecl ?? '0.00',
  }));
  const sum = (pick: (s: (typeof stages)[number]) => string) =>
    toMoneyString(stages.reduce((total, s) => total.plus(pick(s)), new Decimal(0)));
  const opening = previous?.allowanceAfter ?? '0.00';
  // Between runs only write-offs move the allowance (they use what it held for their loan), so what they used is what
  // the allowance lost from the previous run's close to this run's start.
  const used = toMoneyString(new Decimal(opening).minus(latest.allowanceBefore));
  return {
    success: true,
    latest: {
      id: latest.id,
      asOf: latest.asOf,
      runAt: latest.runAt.toISOString(),
      runBy: latest.runBy,
      stages,
      totals: {
        loans: stages.reduce((n, s) => n + s.loans, 0),
        exposure: sum((s) => s.exposure),
        ecl: sum((s) => s.ecl),
      },
      movement: {
        opening,
        usedByWriteOffs: used,
        charge: toMoneyString(new Decimal(latest.allowanceAfter).minus(latest.allowanceBefore)),
        closing: latest.allowanceAfter,
      },
    },
    allowanceNow,
    runs: listed,
  };
}
