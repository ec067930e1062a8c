// Settings an admin may change at run time (platform fee rate, dashboard mode), kept in app_settings so
// every instance sees the same value. Unset keys fall back to configuration.
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DASHBOARD_MODES, type DashboardMode } from '../../../shared/constants';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { appSettings } from '../../db/schema';

async function readSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row?.value;
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown, updatedBy: number | null) {
  await db
    .insert(appSettings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedBy, updatedAt: new Date() } });
}

export async function platformFeeRate(db: DbOrTx, config: Config): Promise<number> {
  const stored = await readSetting(db, 'platform_fee_rate');
  return typeof stored === 'number' && stored >= 0 && stored <= 100 ? stored : config.platformFeeRate;
}

export async function dashboardMode(db: DbOrTx): Promise<DashboardMode> {
  const stored = await readSetting(db, 'dashboard_mode');
  return DASHBOARD_MODES.includes(stored as DashboardMode) ? (stored as DashboardMode) : 'production';
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
