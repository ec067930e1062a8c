// Settings an admin may change at run time (the platform fee rate), kept in app_settings so every instance sees the
// same value; unset keys fall back to configuration. And each staff member's own dashboard mode (users.dashboard_mode).
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DASHBOARD_MODES, type DashboardMode } from '../../../shared/constants';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { recordAction } from '../audit/audit.repository';
import type { SessionUser } from '../sessions/sessions.service';
import { updateUser } from '../users/users.repository';
import { readSetting } from './app-settings.repository';

export async function platformFeeRate(db: DbOrTx, config: Config): Promise<number> {
  const stored = await readSetting(db, 'platform_fee_rate');
  return typeof stored === 'number' && stored >= 0 && stored <= 100 ? stored : config.platformFeeRate;
}

/** The applications this staff member's dashboards show (their own view). */
export function dashboardMode(user: Pick<SessionUser, 'dashboardMode'>): DashboardMode {
  return DASHBOARD_MODES.includes(user.dashboardMode as DashboardMode)
    ? (user.dashboardMode as DashboardMode)
    : 'production';
}

/** The modes in the words the Dashboard Mode selector shows them (src/client/features/admin/admin-controls.tsx). */
const DASHBOARD_MODE_WORDS: Record<DashboardMode, string> = {
  production: 'Live applications',
  testing: 'Test applications',
  hybrid: 'Live and test applications',
};

/** A staff member switches their own dashboard mode: their row and its audit row in one transaction. */
export async function setDashboardMode(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  staff: SessionUser,
  mode: DashboardMode,
) {
  const now = clock.now();
  await db.transaction(async (tx) => {
    await updateUser(tx, staff.id, { dashboardMode: mode });
    await recordAction(tx, {
      userId: null,
      adminId: staff.id,
      action: 'dashboard_mode_changed',
      notes: `${DASHBOARD_MODE_WORDS[mode]} (their own view)`,
      at: now,
    });
  });
}

/**
 * The SQL condition for the applications a dashboard mode shows: production hides test applications
 * (statuses ending in `_testing`), testing shows only them, hybrid shows both.
 */
export function statusInMode(status: SQL | AnyPgColumn, mode: DashboardMode): SQL {
  if (mode === 'production') return sql`${status} not like '%\\_testing' escape '\\'`;
  if (mode === 'testing') return sql`${status} like '%\\_testing' escape '\\'`;
  return sql`true`;
}

/**
 * The application statuses that have a schedule (decision 008: a schedule is made with `approved -> active`, and
 * from there an application is only ever active, defaulted or completed, in its own world).
 */
const WITH_SCHEDULE = ['active', 'completed', 'defaulted'] as const;
const TESTING_WITH_SCHEDULE = sql.join(
  WITH_SCHEDULE.map((status) => sql`${`${status}_testing`}`),
  sql`, `,
);

/**
 * Loans of the mode's world, by the application id a schedule or a payment carries (`loan`), without reading their
 * applications: the few testing loans are looked up by status (the status index) and kept or left out.
 */
export function loanInMode(loan: SQL, mode: DashboardMode): SQL {
  if (mode !== 'production' && mode !== 'testing') return sql`true`;
  const testing = sql`${loan} in (select id from financing_applications where status in (${TESTING_WITH_SCHEDULE}))`;
  return mode === 'testing' ? testing : sql`not (${testing})`;
}

/** Schedules `s` of the mode's world (loanInMode). */
export const scheduleInMode = (mode: DashboardMode): SQL => loanInMode(sql`s.application_id`, mode);
