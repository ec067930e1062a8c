import { z } from 'zod';
import { PLATFORM_NAMES } from '../platform-names';
import { emailSchema, verificationCodeSchema } from './auth';
import { successTrue } from './common';

export const visionaryVerifySchema = z.object({ email: emailSchema });
export const visionaryVerifyCodeSchema = z.object({ email: emailSchema, code: verificationCodeSchema });

/** What a connected platform looks like on the user and on an application. */
export const connectedPlatformSchema = z.object({
  platform: z.string(),
  status: z.string(),
  verified: z.boolean(),
  email: z.string().optional(),
  username: z.string().optional(),
  channelId: z.string().optional(),
  channelTitle: z.string().optional(),
  followers: z.number().optional(),
  views: z.number().optional(),
  videoCount: z.number().optional(),
  engagement: z.number().optional(),
  monthlyEarnings: z.number().optional(),
  connectedAt: z.string().optional(),
});
export type ConnectedPlatform = z.infer<typeof connectedPlatformSchema>;

export const PROOF_MIME_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
] as const;

/**
 * A platform entry as stored in `socialMediaData` and sent back after connecting. Open:
 * each platform keeps its own figures.
 */
const platformEntrySchema = z.looseObject({
  platform: z.string().optional(),
  status: z.string().optional(),
  verified: z.boolean().optional(),
  email: z.string().optional(),
  username: z.string().optional(),
  channelId: z.string().optional(),
  channelTitle: z.string().optional(),
  followers: z.number().optional(),
  views: z.number().optional(),
  videoCount: z.number().optional(),
  engagement: z.number().optional(),
  monthlyEarnings: z.number().optional(),
  connectedAt: z.string().optional(),
});

/** POST /api/visionary-writings/verify-code and GET /api/youtube/callback. */
export const platformConnectedAnswerSchema = z.object({
  success: successTrue,
  platform: platformEntrySchema,
});
export type PlatformConnectedAnswer = z.infer<typeof platformConnectedAnswerSchema>;

/** POST /api/proof-files (201): the stored file, to reference by id from the application form. */
export const proofFileAnswerSchema = z.object({
  id: z.number().int(),
  originalName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
});
export type ProofFileAnswer = z.infer<typeof proofFileAnswerSchema>;

/**
 * GET /api/platforms/connectable: which platforms a creator can connect on this server now (YouTube and Patreon only
 * while their OAuth clients are configured). The screens offer manual entry instead of a connection that cannot work.
 */
export const connectablePlatformsSchema = z.object({
  youtube: z.boolean(),
  visionary: z.boolean(),
  patreon: z.boolean(),
});
export type ConnectablePlatforms = z.infer<typeof connectablePlatformsSchema>;

/** Why a platform cannot be connected, in a creator's words, with what to do instead (never "not configured"). */
export const notConnectableMessage = (name: string, thing: string) =>
  `Connecting ${name} is not available at the moment. Add your ${name} ${thing} yourself, with its figures and proof of its earnings: it counts once we have checked the proof.`;

/** The platforms a creator can connect to have their income verified, by name: 'YouTube or Visionary'. */
export function verifiableNames(connectable: ConnectablePlatforms | undefined): string {
  const names = [
    connectable?.youtube === false ? null : PLATFORM_NAMES.youtube,
    PLATFORM_NAMES.visionary,
  ].filter(Boolean);
  return names.join(' or ');
}

/** GET /api/youtube/auth: the Google authorization URL for the pop-up. */
export const youtubeAuthAnswerSchema = z.object({ authUrl: z.string() });
/** audience (default): the channel's figures once; earnings: also its revenue and payouts each month (offline). */
export const youtubeAuthQuerySchema = z.object({
  purpose: z.enum(['audience', 'earnings'], { error: 'purpose is audience or earnings' }).default('audience'),
});
/** An OAuth provider's redirect back: the code to exchange and the state we signed. */
export const oauthCallbackQuerySchema = z.object({
  code: z.string({ error: 'Missing authorization code' }).min(1, 'Missing authorization code').max(2000),
  state: z.string().max(500).optional(),
});
