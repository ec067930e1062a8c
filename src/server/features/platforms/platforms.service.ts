// Platform connections: proofs of earnings (stored by the server), Visionary by e-mailed code, YouTube by
// OAuth 2 (authorization code), and disconnecting. Verified connections are written only by these flows.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { platformName } from '../../../shared/platform-names';
import { notConnectableMessage } from '../../../shared/schemas/platforms';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { SocialMediaData, SocialMediaEntry } from '../../db/types';
import { constantTimeEqualHex, hmacSha256 } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { requireSendSlots } from '../../lib/send-limits';
import { recordAction } from '../audit/audit.repository';
import { checkCode, consumeVerifiedCode, issueCode } from '../auth/one-time-codes';
import { forgetEarningsToken, keepEarningsToken } from '../earnings/earnings-tokens.service';
import { exchangeCode, PlatformError, patreonIdentity, type TokenAnswer } from '../earnings/platform-clients';
import { enqueueMail } from '../mail/mail.service';
import { platformVerificationMail } from '../mail/mail.templates';
import type { SessionUser } from '../sessions/sessions.service';
import { findUserById, updateUser } from '../users/users.repository';
import { inspectProof, proofFileName } from './file-type';
import { insertProofFile } from './proof-files.repository';

export async function storeProofFile(
  { db, config }: Deps,
  user: SessionUser,
  upload: { filename: string; data: Buffer },
) {
  const inspected = inspectProof(upload.data);
  if (!inspected.ok) throw badRequest(inspected.message);
  const { type } = inspected;
  const dir = path.join(config.dataDir, 'uploads', String(user.id));
  await mkdir(dir, { recursive: true });
  const storedName = `${randomBytes(16).toString('hex')}.${type.ext}`;
  const storagePath = path.join('uploads', String(user.id), storedName);
  await writeFile(path.join(config.dataDir, storagePath), upload.data, { mode: 0o600 });
  // The name keeps the creator's words but takes the extension of what the file is (never `.html`).
  const originalName = proofFileName(upload.filename, type.mime, 'proof');
  const row = await insertProofFile(db, {
    userId: user.id,
    originalName,
    mimeType: type.mime,
    sizeBytes: upload.data.length,
    storagePath,
    sha256: createHash('sha256').update(upload.data).digest('hex'),
  });
  return { id: row.id, originalName: row.originalName, mimeType: row.mimeType, sizeBytes: row.sizeBytes };
}

/**
 * Writes the connection (or its removal) with its audit row; `alsoInTx` writes with them (the earnings tokens kept,
 * or removed on disconnecting, in the same transaction).
 */
async function saveConnection(
  db: Db,
  now: Date,
  user: SessionUser,
  key: string,
  entry: SocialMediaEntry | null,
  alsoInTx?: (tx: Tx) => Promise<void>,
) {
  const current = (await findUserById(db, user.id))?.socialMediaData ?? {};
  const next: SocialMediaData = { ...current };
  if (entry) next[key] = entry;
  else delete next[key];
  return db.transaction(async (tx) => {
    const updated = await updateUser(tx, user.id, { socialMediaData: next });
    await alsoInTx?.(tx);
    await recordAction(tx, {
      userId: user.id,
      action: entry ? 'platform_connected' : 'platform_disconnected',
      notes: platformName(key, entry?.platform ?? current[key]?.platform),
      at: now,
    });
    return updated!;
  });
}

export async function sendVisionaryCode(
  { db, config, clock }: Deps,
  user: SessionUser,
  email: string,
  ip: string,
) {
  const now = clock.now();
  await db.transaction(async (tx) => {
    await requireSendSlots(tx, config.sendLimits, 'email', ip, now);
    // One code a minute (429 with the wait otherwise), decided under the user's lock: see issueCode.
    const code = await issueCode(tx, config, { userId: user.id, purpose: 'visionary', email }, now);
    if (code) await enqueueMail(tx, { ...platformVerificationMail(email, 'Visionary', code), at: now });
  });
}

export async function verifyVisionaryCode(
  { db, config, clock }: Deps,
  user: SessionUser,
  email: string,
  code: string,
) {
  const now = clock.now();
  const codeId = await checkCode(db, config, { userId: user.id, purpose: 'visionary', email, code }, now);
  await db.transaction((tx) => consumeVerifiedCode(tx, codeId, now));
  // The code proves the creator controls the Visionary address. Visionary publishes no audience figures we
  // can read, so followers and engagement start at 0 (see docs/decisions/009-platform-connections.md).
  const platform: SocialMediaEntry = {
    platform: 'visionary',
    status: 'connected',
    verified: true,
    email,
    followers: 0,
    engagement: 0,
    connectedAt: now.toISOString(),
  };
  await saveConnection(db, now, user, 'visionary', platform);
  return platform;
}

export async function disconnectPlatform({ db, clock }: Deps, user: SessionUser, key: string) {
  const current = (await findUserById(db, user.id))?.socialMediaData ?? {};
  if (!(key in current)) throw notFound('That platform is not connected.');
  // Disconnecting stops the earnings reads too: the tokens go with the connection.
  return saveConnection(db, clock.now(), user, key, null, (tx) => forgetEarningsToken(tx, user.id, key));
}

// ---- YouTube and Patreon (OAuth 2 authorization code) ----

export const YOUTUBE_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';
/**
 * Connecting YouTube for earnings also asks to read the channel's revenue (YouTube Analytics) and the AdSense
 * payouts, offline (a refresh token), so the monthly job can read them (docs/platform-earnings.md).
 */
export const YOUTUBE_EARNINGS_SCOPES = [
  YOUTUBE_SCOPE,
  'https://www.googleapis.com/auth/yt-analytics-monetary.readonly',
  'https://www.googleapis.com/auth/adsense.readonly',
];
export const PATREON_SCOPES = ['identity', 'campaigns.members'];
const STATE_TTL_MS = 10 * 60 * 1000;

/** What a YouTube connection is for: the audience figures (as before), or those and the earnings. */
export type YoutubePurpose = 'audience' | 'earnings';

/**
 * The verifiable platforms a creator can connect on this server now: Visionary always (its code comes by e-mail),
 * YouTube while its OAuth client is configured. The score's tips and the screens offer only these.
 */
export function connectablePlatforms(config: Config): {
  youtube: boolean;
  visionary: boolean;
  patreon: boolean;
} {
  return {
    youtube: Boolean(config.youtube.clientId && config.youtube.clientSecret),
    visionary: true,
    patreon: Boolean(config.patreon.clientId && config.patreon.clientSecret),
  };
}

/** The keys of the connectable platforms the credit score counts as verifiable. */
export function connectableForScore(config: Config): string[] {
  return connectablePlatforms(config).youtube ? ['visionary', 'youtube'] : ['visionary'];
}

function requireYoutube(config: Config) {
  const { clientId, clientSecret } = config.youtube;
  if (!clientId || !clientSecret) throw new AppError(503, notConnectableMessage('YouTube', 'channel'));
  return { ...config.youtube, clientId, clientSecret };
}

function requirePatreon(config: Config) {
  const { clientId, clientSecret } = config.patreon;
  if (!clientId || !clientSecret) throw new AppError(503, notConnectableMessage('Patreon', 'page'));
  return { ...config.patreon, clientId, clientSecret };
}

const redirectUri = (config: Config, platform: 'youtube' | 'patreon') =>
  `${config.appUrl}/${platform}/callback`;

/**
 * The state binds the callback to this user, platform and purpose and expires; signed with the server secret, so
 * nothing is stored.
 */
function signState(config: Config, platform: string, userId: number, now: number, purpose: YoutubePurpose) {
  const payload = `${userId}.${now}.${randomBytes(8).toString('hex')}.${purpose}`;
  return `${payload}.${hmacSha256(config.sessionSecret, `${platform}-state:${payload}`)}`;
}

/** The purpose the state was signed with, or null when it is not this user's, is stale or was altered. */
function checkState(
  config: Config,
  platform: string,
  state: string | undefined,
  userId: number,
  now: number,
): YoutubePurpose | null {
  const parts = (state ?? '').split('.');
  if (parts.length !== 5) return null;
  const payload = parts.slice(0, 4).join('.');
  const mac = hmacSha256(config.sessionSecret, `${platform}-state:${payload}`);
  const purpose = parts[3];
  const valid =
    constantTimeEqualHex(mac, parts[4]!) &&
    Number(parts[0]) === userId &&
    now - Number(parts[1]) < STATE_TTL_MS &&
    (purpose === 'audience' || purpose === 'earnings');
  return valid ? (purpose as YoutubePurpose) : null;
}

/** The sign-in's state is dated by the session clock: the round trip to YouTube happens in the browser's time. */
export function youtubeAuthUrl({ config, sessionClock }: Deps, user: SessionUser, purpose: YoutubePurpose) {
  const yt = requireYoutube(config);
  const url = new URL(yt.authUrl);
  url.searchParams.set('client_id', yt.clientId);
  url.searchParams.set('redirect_uri', redirectUri(config, 'youtube'));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set(
    'scope',
    (purpose === 'earnings' ? YOUTUBE_EARNINGS_SCOPES : [YOUTUBE_SCOPE]).join(' '),
  );
  // Offline only for earnings: the job reads them every month, long after this visit; audience figures are read once.
  url.searchParams.set('access_type', purpose === 'earnings' ? 'offline' : 'online');
  url.searchParams.set('prompt', 'consent');
  url.searchParams.set('state', signState(config, 'youtube', user.id, sessionClock.now().getTime(), purpose));
  return url.toString();
}

type ChannelsResponse = {
  items?: Array<{
    id: string;
    snippet?: { title?: string; customUrl?: string };
    statistics?: {
      subscriberCount?: string;
      viewCount?: string;
      videoCount?: string;
      hiddenSubscriberCount?: boolean;
    };
  }>;
};

async function fetchJson<T>(url: string, init: RequestInit, failure: string): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new AppError(502, failure);
  return (await response.json()) as T;
}

const YOUTUBE_FAILURE = 'Failed to connect YouTube account';

export async function connectYoutube(
  { db, config, clock, sessionClock }: Deps,
  user: SessionUser,
  code: string,
  state: string | undefined,
) {
  const now = clock.now();
  const yt = requireYoutube(config);
  const purpose = checkState(config, 'youtube', state, user.id, sessionClock.now().getTime());
  if (!purpose) {
    throw badRequest('The YouTube sign-in expired or did not come from this session. Please try again.');
  }
  let token: TokenAnswer;
  let channels: ChannelsResponse;
  try {
    token = await exchangeCode(
      'YouTube',
      { tokenUrl: yt.tokenUrl, clientId: yt.clientId, clientSecret: yt.clientSecret },
      code,
      redirectUri(config, 'youtube'),
    );
    channels = await fetchJson(
      `${yt.apiUrl}/channels?part=snippet,statistics&mine=true`,
      { headers: { authorization: `Bearer ${token.accessToken}` } },
      YOUTUBE_FAILURE,
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(502, YOUTUBE_FAILURE);
  }
  const channel = channels.items?.[0];
  if (!channel) throw badRequest('This Google account has no YouTube channel.');
  const stats = channel.statistics ?? {};
  const platform: SocialMediaEntry = {
    platform: 'youtube',
    status: 'connected',
    verified: true,
    channelId: channel.id,
    channelTitle: channel.snippet?.title ?? 'YouTube channel',
    username: channel.snippet?.customUrl,
    followers: stats.hiddenSubscriberCount ? 0 : Number(stats.subscriberCount ?? 0),
    views: Number(stats.viewCount ?? 0),
    videoCount: Number(stats.videoCount ?? 0),
    connectedAt: now.toISOString(),
    earnings: purpose === 'earnings',
  };
  await saveConnection(db, now, user, 'youtube', platform, async (tx) => {
    if (purpose !== 'earnings') return;
    await keepEarningsToken(
      tx,
      config,
      {
        userId: user.id,
        platform: 'youtube',
        token,
        scopes: YOUTUBE_EARNINGS_SCOPES.join(' '),
        accountId: channel.id,
      },
      now,
    );
  });
  return platform;
}

export function patreonAuthUrl({ config, sessionClock }: Deps, user: SessionUser) {
  const patreon = requirePatreon(config);
  const url = new URL(patreon.authUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', patreon.clientId);
  url.searchParams.set('redirect_uri', redirectUri(config, 'patreon'));
  url.searchParams.set('scope', PATREON_SCOPES.join(' '));
  url.searchParams.set(
    'state',
    signState(config, 'patreon', user.id, sessionClock.now().getTime(), 'earnings'),
  );
  return url.toString();
}

const PATREON_FAILURE = 'Failed to connect Patreon account';

/** Patreon is connected for its pledges only: the campaign's patrons are the audience and the monthly income. */
export async function connectPatreon(
  { db, config, clock, sessionClock }: Deps,
  user: SessionUser,
  code: string,
  state: string | undefined,
) {
  const now = clock.now();
  const patreon = requirePatreon(config);
  if (!checkState(config, 'patreon', state, user.id, sessionClock.now().getTime())) {
    throw badRequest('The Patreon sign-in expired or did not come from this session. Please try again.');
  }
  let token: TokenAnswer;
  let identity: Awaited<ReturnType<typeof patreonIdentity>>;
  try {
    token = await exchangeCode(
      'Patreon',
      { tokenUrl: patreon.tokenUrl, clientId: patreon.clientId, clientSecret: patreon.clientSecret },
      code,
      redirectUri(config, 'patreon'),
    );
    identity = await patreonIdentity(patreon.apiUrl, token.accessToken);
  } catch (error) {
    if (error instanceof PlatformError) throw new AppError(502, PATREON_FAILURE);
    throw error;
  }
  if (!identity.campaignId)
    throw badRequest('This Patreon account has no campaign: there are no pledges to read.');
  const platform: SocialMediaEntry = {
    platform: 'patreon',
    status: 'connected',
    verified: true,
    username: identity.name,
    campaignId: identity.campaignId,
    followers: identity.patronCount,
    connectedAt: now.toISOString(),
    earnings: true,
  };
  await saveConnection(db, now, user, 'patreon', platform, (tx) =>
    keepEarningsToken(
      tx,
      config,
      {
        userId: user.id,
        platform: 'patreon',
        token,
        scopes: PATREON_SCOPES.join(' '),
        accountId: identity.campaignId,
      },
      now,
    ),
  );
  return platform;
}
