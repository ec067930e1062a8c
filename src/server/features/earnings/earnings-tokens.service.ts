// A creator's platform tokens for reading earnings (docs/platform-earnings.md): sealed at rest (lib/secret-box.ts),
// bound to the creator, the platform and which token it is, refreshed with the refresh token a minute before they
// expire (the new ones stored at once), and never answered or logged.

import type { EarningsPlatform } from '../../../shared/constants';
import { platformName } from '../../../shared/platform-names';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { PlatformToken } from '../../db/types';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { type OAuthClient, PlatformError, refreshAccessToken, type TokenAnswer } from './platform-clients';
import {
  deletePlatformToken,
  platformTokensOf,
  updatePlatformToken,
  upsertPlatformToken,
} from './platform-tokens.repository';

const REFRESH_BEFORE_MS = 60_000;

const owner = (userId: number, platform: string, kind: 'access' | 'refresh') =>
  `user:${userId}:${platform}:${kind}`;

/** The OAuth client a platform's tokens are refreshed with; null when the server has no credentials for it. */
export function oauthClientFor(config: Config, platform: EarningsPlatform): OAuthClient | null {
  const settings = platform === 'youtube' ? config.youtube : config.patreon;
  if (!settings.clientId || !settings.clientSecret) return null;
  return { tokenUrl: settings.tokenUrl, clientId: settings.clientId, clientSecret: settings.clientSecret };
}

/** Keeps the tokens a connection for earnings answered (replacing any earlier ones). */
export async function keepEarningsToken(
  db: DbOrTx,
  config: Config,
  input: {
    userId: number;
    platform: EarningsPlatform;
    token: TokenAnswer;
    scopes: string;
    accountId: string | null;
  },
  now: Date,
) {
  const { userId, platform, token } = input;
  await upsertPlatformToken(
    db,
    userId,
    platform,
    {
      accessTokenSealed: sealSecret(
        config.sessionSecret,
        'platform-token-v1',
        owner(userId, platform, 'access'),
        token.accessToken,
      ),
      refreshTokenSealed: token.refreshToken
        ? sealSecret(
            config.sessionSecret,
            'platform-token-v1',
            owner(userId, platform, 'refresh'),
            token.refreshToken,
          )
        : null,
      expiresAt:
        token.expiresInSeconds === null ? null : new Date(now.getTime() + token.expiresInSeconds * 1000),
      scopes: token.scope ?? input.scopes,
      accountId: input.accountId,
    },
    now,
  );
}

export const earningsTokensOf = (db: DbOrTx, userId: number) => platformTokensOf(db, userId);

/**
 * A usable access token for the row: the stored one while it lasts, else a new one from the refresh token (stored
 * sealed before it is used). A token that cannot be had is a PlatformError, kept as the row's last error.
 */
export async function accessTokenFor(
  db: DbOrTx,
  config: Config,
  row: PlatformToken,
  now: Date,
): Promise<string> {
  const platform = row.platform as EarningsPlatform;
  const name = platformName(platform);
  const open = (sealed: string, kind: 'access' | 'refresh') =>
    openSecret(config.sessionSecret, 'platform-token-v1', owner(row.userId, platform, kind), sealed);
  const fresh = !row.expiresAt || row.expiresAt.getTime() - REFRESH_BEFORE_MS > now.getTime();
  if (fresh) {
    const access = open(row.accessTokenSealed, 'access');
    if (access) return access;
  }
  const refresh = row.refreshTokenSealed ? open(row.refreshTokenSealed, 'refresh') : null;
  const client = oauthClientFor(config, platform);
  if (!refresh || !client) {
    throw new PlatformError(`${name}: the connection has expired; the creator must connect ${name} again`);
  }
  const token = await refreshAccessToken(name, client, refresh);
  await keepEarningsToken(
    db,
    config,
    {
      userId: row.userId,
      platform,
      // Google keeps the refresh token unless it sends a new one; Patreon sends a new one each time.
      token: { ...token, refreshToken: token.refreshToken ?? refresh },
      scopes: row.scopes,
      accountId: row.accountId,
    },
    now,
  );
  return token.accessToken;
}

export const noteTokenRead = (db: DbOrTx, row: PlatformToken, now: Date) =>
  updatePlatformToken(db, row.id, { lastReadAt: now, lastError: null }, now);
export const noteTokenError = (db: DbOrTx, row: PlatformToken, message: string, now: Date) =>
  updatePlatformToken(db, row.id, { lastError: message.slice(0, 500) }, now);

export const forgetEarningsToken = (db: DbOrTx, userId: number, platform: string) =>
  deletePlatformToken(db, userId, platform);

/** What a creator sees of their connections for earnings: never a token. */
export async function earningsConnections({ db }: { db: DbOrTx }, userId: number) {
  const rows = await platformTokensOf(db, userId);
  return {
    connections: rows.map((row) => ({
      platform: row.platform as EarningsPlatform,
      accountId: row.accountId,
      connectedAt: row.createdAt.toISOString(),
      lastReadAt: row.lastReadAt?.toISOString() ?? null,
      lastError: row.lastError,
    })),
  };
}
