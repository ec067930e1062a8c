// Contracts of the creator dashboard's own reads (docs/dashboard.md).
import { z } from 'zod';
import { moneyTextSchema } from './common';

/** GET /api/dashboard/earnings: Monthly Earnings, combined and labelled (src/shared/finance/monthly-earnings.ts). */
export const monthlyEarningsAnswerSchema = z.object({
  total: moneyTextSchema.describe('Verified and self-declared together, rand a month'),
  verifiedTotal: moneyTextSchema.describe('From connections the server verified (YouTube, Visionary)'),
  selfDeclaredTotal: moneyTextSchema.describe(
    'From platforms the creator typed in (Settings, manual entries)',
  ),
  platforms: z.array(
    z.object({
      name: z.string(),
      source: z.enum(['verified', 'self_declared']),
      from: z.enum(['connection', 'profile', 'application']),
      monthlyEarnings: moneyTextSchema.nullable(),
    }),
  ),
});
export type MonthlyEarningsAnswer = z.infer<typeof monthlyEarningsAnswerSchema>;
