// Platform connections: proofs of earnings (stored by the server), Visionary by e-mailed code, YouTube by
// OAuth 2 (authorization code), and disconnecting. Verified connections are written only by these flows.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { SocialMediaData, SocialMediaEntry } from '../../db/types';
import { constantTimeEqualHex, hmacSha256 } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { requireSendSlots } from '../../lib/send-limits';
import { recordAction } from '../audit/audit.repository';
import { checkCode, consumeVerifiedCode, issueCode } from '../auth/one-time-codes';
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

async function saveConnection(db: Db, user: SessionUser, key: string, entry: SocialMediaEntry | null) {
  const current = (await findUserById(db, user.id))?.socialMediaData ?? {};
  const next: SocialMediaData = { ...current };
  if (entry) next[key] = entry;
  else delete next[key];
  return db.transaction(async (tx) => {
    const updated = await updateUser(tx, user.id, { socialMediaData: next });
    await recordAction(tx, {
      userId: user.id,
      action: entry ? 'platform_connected' : 'platform_disconnected',
      notes: key,
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
    if (code) await enqueueMail(tx, platformVerificationMail(email, 'Visionary', code));
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
  await saveConnection(db, user, 'visionary', platform);
  return platform;
}

export async function disconnectPlatform({ db }: Deps, user: SessionUser, key: string) {
  const current = (await findUserById(db, user.id))?.socialMediaData ?? {};
  if (!(key in current)) throw notFound('That platform is not connected.');
  return saveConnection(db, user, key, null);
}

// ---- YouTube (OAuth 2 authorization code) ----

export const YOUTUBE_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';
const STATE_TTL_MS = 10 * 60 * 1000;

function requireYoutube(config: Config) {
  const { clientId, clientSecret } = config.youtube;
  if (!clientId || !clientSecret) throw new AppError(503, 'YouTube is not configured on this server');
  return { ...config.youtube, clientId, clientSecret };
}

const redirectUri = (config: Config) => `${config.appUrl}/youtube/callback`;

/** The state binds the callback to this user and expires; signed with the server secret, so nothing is stored. */
function signState(config: Config, userId: number, now: number) {
  const payload = `${userId}.${now}.${randomBytes(8).toString('hex')}`;
  return `${payload}.${hmacSha256(config.sessionSecret, `youtube-state:${payload}`)}`;
}

function checkState(config: Config, state: string | undefined, userId: number, now: number) {
  const parts = (state ?? '').split('.');
  if (parts.length !== 4) return false;
  const payload = parts.slice(0, 3).join('.');
  const mac = hmacSha256(config.sessionSecret, `youtube-state:${payload}`);
  return (
    constantTimeEqualHex(mac, parts[3]!) &&
    Number(parts[0]) === userId &&
    now - Number(parts[1]) < STATE_TTL_MS
  );
}

export function youtubeAuthUrl(config: Config, user: SessionUser) {
  const yt = requireYoutube(config);
  const url = new URL(yt.authUrl);
  url.searchParams.set('client_id', yt.clientId);
  url.searchParams.set('redirect_uri', redirectUri(config));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', YOUTUBE_SCOPE);
  url.searchParams.set('access_type', 'online');
  url.searchParams.set('prompt', 'consent');
  url.searchParams.set('state', signState(config, user.id, Date.now()));
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

async function fetchJson<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new AppError(502, 'Failed to connect YouTube account');
  return (await response.json()) as T;
}

export async function connectYoutube(
  { db, config, clock }: Deps,
  user: SessionUser,
  code: string,
  state: string | undefined,
) {
  const now = clock.now();
  const yt = requireYoutube(config);
  if (!checkState(config, state, user.id, Date.now())) {
    throw badRequest('The YouTube sign-in expired or did not come from this session. Please try again.');
  }
  let token: { access_token?: string };
  let channels: ChannelsResponse;
  try {
    token = await fetchJson(yt.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        code,
        client_id: yt.clientId,
        client_secret: yt.clientSecret,
        redirect_uri: redirectUri(config),
        grant_type: 'authorization_code',
      }),
    });
    if (!token.access_token) throw new AppError(502, 'Failed to connect YouTube account');
    channels = await fetchJson(`${yt.apiUrl}/channels?part=snippet,statistics&mine=true`, {
      headers: { authorization: `Bearer ${token.access_token}` },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(502, 'Failed to connect YouTube account');
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
  };
  await saveConnection(db, user, 'youtube', platform);
  return platform;
}
