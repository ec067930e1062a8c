// Paged admin lists: GET /api/admin/applications, GET /api/admin/users and
// GET /api/lending-management/details. Each answers one page, `{ data, total, page, pageSize }`, computed
// in SQL; rows carry only what their table shows (totals instead of payment arrays, no score breakdowns).
// The request schemas validate the query string; the response schemas are the routes' response schemas
// and the client's types.
import { z } from 'zod';
import { APPLICATION_STATUSES, type ApplicationStatus, DASHBOARD_MODES, USER_ROLES } from '../constants';
import { DELINQUENCY_BUCKETS } from '../finance/instalments';
import { INT32_MAX, intFromText } from './fields';

export const PAGE_SIZE_DEFAULT = 50;
const PAGE_SIZE_MAX = 200;
/** A page past the end answers an empty `data` with the real `total`; past this it is refused. */
export const PAGE_MAX = 100_000;
export const SEARCH_MAX = 100;

export const positiveInt = (label: string, max: number) =>
  intFromText(
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(1, `${label} must be at least 1`)
      .max(max, `${label} must be at most ${max}`),
  );

export const pageQuerySchema = z.object({
  page: positiveInt('page', PAGE_MAX).default(1),
  pageSize: positiveInt('pageSize', PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

/** How many of a user's payments, and of the admin actions about them, the user's page shows at a time. */
export const USER_HISTORY_PAGE_SIZE = 20;

/** GET /api/admin/users/{id}: which page of the payments and of the actions log (each from 1). */
export const adminUserDetailsQuerySchema = z.object({
  paymentsPage: positiveInt('paymentsPage', PAGE_MAX).default(1),
  actionsPage: positiveInt('actionsPage', PAGE_MAX).default(1),
});
export type AdminUserDetailsQuery = z.output<typeof adminUserDetailsQuerySchema>;

/** One page of a user's history: its rows, how many there are in all, the page and its size. */
export const historyPageSchema = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const searchSchema = z
  .string()
  .trim()
  .max(SEARCH_MAX, `search must be at most ${SEARCH_MAX} characters`)
  .optional()
  .transform((v) => (v ? v : undefined));

/** `sort` values: a column name, descending with a leading '-'. */
function sortSchema<const T extends readonly [string, ...string[]]>(columns: T, fallback: string) {
  const values = columns.flatMap((c) => [c, `-${c}`]) as [string, ...string[]];
  return z
    .enum(values, { error: `sort is one of ${values.join(', ')}` })
    .default(fallback)
    .transform((v) => ({
      column: v.replace(/^-/, '') as T[number],
      descending: v.startsWith('-'),
    }));
}

/** Status chips of the Applications tab: base statuses (a testing twin counts as its base). */
export const APPLICATION_STATUS_CHIPS = [
  'pending_review',
  'approved',
  'offered',
  'accepted',
  'active',
  'rejected',
  'defaulted',
  'completed',
  'cancelled',
] as const;
export type ApplicationStatusChip = (typeof APPLICATION_STATUS_CHIPS)[number];

export const ADMIN_APPLICATION_SORTS = ['createdAt', 'requestedAmount', 'creditScore', 'status'] as const;

export const adminApplicationsQuerySchema = pageQuerySchema.extend({
  sort: sortSchema(ADMIN_APPLICATION_SORTS, '-createdAt'),
  /** Id ('12' or '#12'), or part of a name, the business name or the e-mail. */
  search: searchSchema,
  /** Comma-separated chips, e.g. 'pending_review,approved'; empty means every status. */
  status: z
    .string()
    .max(200)
    .optional()
    .transform((v, ctx) => {
      const chips = (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const chip of chips) {
        if (!(APPLICATION_STATUS_CHIPS as readonly string[]).includes(chip)) {
          ctx.addIssue({
            code: 'custom',
            message: `status is a list of ${APPLICATION_STATUS_CHIPS.join(', ')}`,
          });
          return z.NEVER;
        }
      }
      return [...new Set(chips)] as ApplicationStatusChip[];
    }),
});
export type AdminApplicationsQuery = z.output<typeof adminApplicationsQuerySchema>;

const money = z.string();

export const adminApplicationRowSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  createdAt: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  applicationType: z.string(),
  businessName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** Whole rand, as everywhere the application is shown. */
  requestedAmount: z.number(),
  monthlyRevenue: money,
  creditScore: z.number().int().nullable(),
  currency: z.string(),
  estimatedPeriod: z.number().int().nullable(),
  /** A top-up: the application whose loan its payout settles (docs/lending.md, "Top-ups"). */
  topUpOfApplicationId: z.number().int().nullable(),
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  }),
  /** What the row shows of the schedule (totals, not payments); null before one is set up. */
  repaymentSchedule: z
    .object({
      id: z.number().int(),
      status: z.string(),
      totalAmount: money,
      remainingAmount: money,
      paidAmount: money,
      currency: z.string(),
      /** A written-off balance the lender forgave: the row reads "Balance forgiven", not "Repaid". */
      forgiven: z.boolean(),
    })
    .nullable(),
});
export type AdminApplicationRow = z.infer<typeof adminApplicationRowSchema>;

export const adminApplicationsPageSchema = z.object({
  data: z.array(adminApplicationRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** How many each status chip would show with the same search (chips themselves ignored). */
  statusCounts: z.object(
    Object.fromEntries(APPLICATION_STATUS_CHIPS.map((chip) => [chip, z.number().int()])) as Record<
      ApplicationStatusChip,
      z.ZodNumber
    >,
  ),
});
export type AdminApplicationsPage = z.infer<typeof adminApplicationsPageSchema>;

export const ADMIN_USER_SORTS = ['createdAt', 'name', 'username', 'applicationCount'] as const;

export const adminUsersQuerySchema = pageQuerySchema.extend({
  sort: sortSchema(ADMIN_USER_SORTS, '-createdAt'),
  /** Id, or every word somewhere in the first name, last name or e-mail. */
  search: searchSchema,
  role: z
    .enum(USER_ROLES, { error: 'role is user, admin, underwriter, collector, finance or auditor' })
    .optional(),
  status: z
    .enum(['active', 'suspended', 'deleted'], { error: 'status is active, suspended or deleted' })
    .optional(),
  /** 'requested': only accounts whose deletion waits for a loan to close (docs/privacy.md). */
  deletion: z.enum(['requested'], { error: 'deletion is requested' }).optional(),
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.string(),
  status: z.string(),
  verified: z.boolean(),
  createdAt: z.string(),
  applicationCount: z.number().int(),
  /** A deletion request waiting for a loan to close (docs/privacy.md); null when none. */
  deletionRequestedAt: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUsersPageSchema = z.object({
  data: z.array(adminUserRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** nextPaymentDate ascending is also 'most days past due first'. */
export const LENDING_SORTS = [
  'createdAt',
  'requestedAmount',
  'remainingAmount',
  'nextPaymentDate',
  'daysPastDue',
] as const;

/** The lending filters shared by the summary and the details (month and year select by application date). */
export const lendingFilterSchema = z.object({
  month: intFromText(
    z
      .number({ error: 'month is 1-12' })
      .int('month is 1-12')
      .min(1, 'month is 1-12')
      .max(12, 'month is 1-12'),
  ).optional(),
  year: intFromText(
    z
      .number({ error: 'year is 2000-2100' })
      .int('year is 2000-2100')
      .min(2000, 'year is 2000-2100')
      .max(2100, 'year is 2000-2100'),
  ).optional(),
  userId: positiveInt('userId', INT32_MAX).optional(),
  /**
   * One status or several, comma-separated ('active,defaulted': the book); empty means every status. Each is a
   * stored status, testing twins included ('active_testing').
   */
  status: z
    .string()
    .max(400)
    .optional()
    .transform((v, ctx) => {
      const statuses = [
        ...new Set(
          (v ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      if (statuses.some((status) => !(APPLICATION_STATUSES as readonly string[]).includes(status))) {
        ctx.addIssue({
          code: 'custom',
          message: `status is one or more of ${APPLICATION_STATUSES.join(', ')}`,
        });
        return z.NEVER;
      }
      return statuses.length > 0 ? (statuses as ApplicationStatus[]) : undefined;
    }),
  platformId: positiveInt('platformId', INT32_MAX).optional(),
  mode: z.enum(DASHBOARD_MODES).optional(),
  search: searchSchema,
  bucket: z.enum(DELINQUENCY_BUCKETS, { error: 'Bucket is current, 1-30, 31-60, 61-90 or 90+' }).optional(),
});

/** GET /api/lending-management/default-cohorts: the world to read (the dashboard mode when absent). */
export const defaultCohortsQuerySchema = z.object({ mode: z.enum(DASHBOARD_MODES).optional() });

/** One payout month's loans: how many are in default now, and how many ever were (docs/lending.md, "Figures"). */
export const defaultCohortSchema = z.object({
  /** The month the loans were paid out, 'YYYY-MM'. */
  cohort: z.string(),
  financed: z.number().int(),
  disbursed: money,
  defaultedNow: z.number().int(),
  everDefaulted: z.number().int(),
  /** Percent of the cohort's loans. */
  defaultRateNow: z.number(),
  defaultRateEver: z.number(),
});
export const defaultCohortsAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(defaultCohortSchema),
});
export type DefaultCohort = z.infer<typeof defaultCohortSchema>;

export const lendingDetailsQuerySchema = lendingFilterSchema.merge(pageQuerySchema).extend({
  sort: sortSchema(LENDING_SORTS, '-createdAt'),
});
export type LendingDetailsQuery = z.output<typeof lendingDetailsQuerySchema>;

export const lendingDetailRowSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  clientName: z.string(),
  userEmail: z.string(),
  requestedAmount: z.number(),
  monthlyRevenue: money,
  status: z.string(),
  createdAt: z.string(),
  creditScore: z.number().int().nullable(),
  estimatedEarnings: money,
  withholdingRate: z.number().nullable(),
  /** The instalment: what falls due on each due date (same as installmentAmount). */
  repaymentAmount: money.nullable(),
  installmentAmount: money.nullable(),
  estimatedMonthlyWithholding: money.nullable(),
  platformFeeRate: z.number().nullable(),
  platformFee: money.nullable(),
  totalPaymentsMade: money,
  remainingAmount: money.nullable(),
  nextPaymentDate: z.string().nullable(),
  /** The disbursement day: earnings can be recorded from its month on. */
  scheduleStartDate: z.string().nullable(),
  daysPastDue: z.number().int().nullable(),
  delinquencyBucket: z.enum(DELINQUENCY_BUCKETS).nullable(),
  amountOverdue: money.nullable(),
  renegotiationEligible: z.boolean(),
  /** A restructured loan: in probation until three instalments in a row are paid on time, then cured. */
  forbearance: z.enum(['probation', 'cured']).nullable(),
});
export type LendingDetailRow = z.infer<typeof lendingDetailRowSchema>;

export const lendingDetailsPageSchema = z.object({
  success: z.literal(true),
  data: z.array(lendingDetailRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type LendingDetailsPage = z.infer<typeof lendingDetailsPageSchema>;
