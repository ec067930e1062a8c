// The app_settings key-value rows.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appSettings } from '../../db/schema';

export async function readSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row?.value;
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown, updatedBy: number | null) {
  await db
    .insert(appSettings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedBy, updatedAt: new Date() } });
}
