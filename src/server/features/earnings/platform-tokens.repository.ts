// A creator's sealed platform tokens (docs/platform-earnings.md). The sealing and opening is the service's; this
// file only keeps the rows.
import { and, eq } from 'drizzle-orm';
import type { EarningsPlatform } from '../../../shared/constants';
import type { DbOrTx } from '../../db/client';
import { platformTokens } from '../../db/schema';

export type TokenValues = {
  accessTokenSealed: string;
  refreshTokenSealed: string | null;
  expiresAt: Date | null;
  scopes: string;
  accountId: string | null;
};

/** Connecting again replaces the tokens (and clears the last error). */
export async function upsertPlatformToken(
  db: DbOrTx,
  userId: number,
  platform: EarningsPlatform,
  values: TokenValues,
  now: Date,
) {
  await db
    .insert(platformTokens)
    .values({ userId, platform, ...values, lastError: null, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [platformTokens.userId, platformTokens.platform],
      set: { ...values, lastError: null, updatedAt: now },
    });
}

export function platformTokensOf(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(platformTokens)
    .where(eq(platformTokens.userId, userId))
    .orderBy(platformTokens.platform);
}

export async function updatePlatformToken(
  db: DbOrTx,
  id: number,
  values: Partial<TokenValues> & { lastError?: string | null; lastReadAt?: Date },
  now: Date,
) {
  await db
    .update(platformTokens)
    .set({ ...values, updatedAt: now })
    .where(eq(platformTokens.id, id));
}

export async function deletePlatformToken(db: DbOrTx, userId: number, platform: string) {
  await db
    .delete(platformTokens)
    .where(and(eq(platformTokens.userId, userId), eq(platformTokens.platform, platform)));
}
