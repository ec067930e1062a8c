import { z } from 'zod';
import { emailSchema, verificationCodeSchema } from './auth';

export const visionaryVerifySchema = z.object({ email: emailSchema });
export const visionaryVerifyCodeSchema = z.object({ email: emailSchema, code: verificationCodeSchema });

/** What a connected platform looks like on the user and on an application (spec section 3). */
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
