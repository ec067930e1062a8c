// Contracts for the platforms creators can name and the dashboard mode an admin works in.
import { z } from 'zod';
import { DASHBOARD_MODES, PLATFORM_NAME_MAX, PLATFORM_NAME_MIN } from '../constants';
import { successTrue } from './common';

const optionalUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Must be a valid URL')
  .optional();

export const platformCreateSchema = z.object({
  name: z
    .string({ error: 'Platform name must be at least 2 characters' })
    .trim()
    .min(PLATFORM_NAME_MIN, 'Platform name must be at least 2 characters')
    .max(PLATFORM_NAME_MAX, 'Platform name cannot exceed 50 characters'),
  description: z.string().trim().max(1000).optional(),
  websiteUrl: optionalUrl,
  logoUrl: optionalUrl,
});

export const dashboardModeSchema = z.object({
  mode: z.enum(DASHBOARD_MODES, { error: 'Mode is production, testing or hybrid' }),
});

/** A partner platform (platform management). */
export const platformSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});

export type Platform = z.infer<typeof platformSchema>;

export const platformListAnswerSchema = z.object({ success: successTrue, data: z.array(platformSchema) });

export type PlatformListAnswer = z.infer<typeof platformListAnswerSchema>;

export const platformAnswerSchema = z.object({ success: successTrue, data: platformSchema });

export type PlatformAnswer = z.infer<typeof platformAnswerSchema>;

/** GET and POST /api/platform-management/dashboard/mode. */
export const dashboardModeAnswerSchema = z.object({
  success: successTrue,
  data: z.object({ mode: z.enum(DASHBOARD_MODES) }),
});

export type DashboardModeAnswer = z.infer<typeof dashboardModeAnswerSchema>;
