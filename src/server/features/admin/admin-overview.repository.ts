// The /admin Overview figures, computed by one SQL pass over the applications in the dashboard mode (never by
// loading rows).
import { sql } from 'drizzle-orm';
import type { DashboardMode } from '../../../shared/constants';
import { type DbOrTx, queryRows } from '../../db/client';
import { statusInMode } from '../app-settings/app-settings.service';

type AdminOverview = {
  totalApplications: number;
  approvedCount: number;
  pendingCount: number;
  /** Mean credit score to 1 decimal, or null when no application has one. */
  averageCreditScore: number | null;
  totalUsers: number;
  adminCount: number;
  /** Underwriters, collectors, finance and auditors (decision 027). */
  otherStaffCount: number;
  /** Money as 2-decimal strings. */
  averageRequestedAmount: string;
  totalRequestedAmount: string;
  /** Share of all applications per risk band (low ≥ 80, medium 60-79, high < 60), percent to 1 decimal. */
  riskDistribution: { low: number; medium: number; high: number };
};

type Row = {
  total: string;
  approved: string;
  pending: string;
  avg_score: string | null;
  avg_amount: string;
  sum_amount: string;
  low: string;
  medium: string;
  high: string;
  users: string;
  admins: string;
  other_staff: string;
};

export async function adminOverview(db: DbOrTx, mode: DashboardMode): Promise<AdminOverview> {
  const inMode = statusInMode(sql`a.status`, mode);
  const [row] = await queryRows<Row>(
    db,
    sql`
      select
        count(*) as total,
        count(*) filter (where split_part(a.status, '_testing', 1) in ('approved', 'offered', 'accepted')) as approved,
        count(*) filter (where a.status in ('pending_review', 'pending_review_testing')) as pending,
        round(avg(a.credit_score)::numeric, 1) as avg_score,
        coalesce(avg(a.requested_amount), 0)::numeric(14, 2) as avg_amount,
        coalesce(sum(a.requested_amount), 0)::numeric(14, 2) as sum_amount,
        count(*) filter (where a.credit_score >= 80) as low,
        count(*) filter (where a.credit_score >= 60 and a.credit_score < 80) as medium,
        count(*) filter (where a.credit_score < 60 or a.credit_score is null) as high,
        (select count(*) from users where status <> 'deleted') as users,
        (select count(*) from users where role = 'admin' and status <> 'deleted') as admins,
        (select count(*) from users where role not in ('user', 'admin') and status <> 'deleted') as other_staff
      from financing_applications a
      where ${inMode}
    `,
  );
  const total = Number(row!.total);
  const share = (n: string) => (total === 0 ? 0 : Math.round((Number(n) * 1000) / total) / 10);
  return {
    totalApplications: total,
    approvedCount: Number(row!.approved),
    pendingCount: Number(row!.pending),
    averageCreditScore: row!.avg_score === null ? null : Number(row!.avg_score),
    totalUsers: Number(row!.users),
    adminCount: Number(row!.admins),
    otherStaffCount: Number(row!.other_staff),
    averageRequestedAmount: row!.avg_amount,
    totalRequestedAmount: row!.sum_amount,
    riskDistribution: { low: share(row!.low), medium: share(row!.medium), high: share(row!.high) },
  };
}
