// Settings an admin may change at run time (platform fee rate, dashboard mode), kept in app_settings so
// every instance sees the same value. Unset keys fall back to configuration.
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DASHBOARD_MODES, type DashboardMode } from '../../../shared/constants';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { recordAction } from '../audit/audit.repository';
import type { SessionUser } from '../sessions/sessions.service';
import { readSetting, writeSetting } from './app-settings.repository';

export async function platformFeeRate(db: DbOrTx, config: Config): Promise<number> {
  const stored = await readSetting(db, 'platform_fee_rate');
  return typeof stored === 'number' && stored >= 0 && stored <= 100 ? stored : config.platformFeeRate;
}

export async function dashboardMode(db: DbOrTx): Promise<DashboardMode> {
  const stored = await readSetting(db, 'dashboard_mode');
  return DASHBOARD_MODES.includes(stored as DashboardMode) ? (stored as DashboardMode) : 'production';
}

/** The admin switches the dashboard mode: the setting and its audit row in one transaction. */
export async function setDashboardMode(db: Db, admin: SessionUser, mode: DashboardMode) {
  await db.transaction(async (tx) => {
    await writeSetting(tx, 'dashboard_mode', mode, admin.id);
    await recordAction(tx, {
      userId: null,
      adminId: admin.id,
      action: 'dashboard_mode_changed',
      notes: mode,
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
