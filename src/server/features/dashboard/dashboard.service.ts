// The creator dashboard's figures that are money (docs/dashboard.md): Monthly Earnings combined from the
// verified connections and the self-declared platforms, by the shared rule in src/shared/finance.
import {
  combineMonthlyEarnings,
  type MonthlyEarningsSummary,
} from '../../../shared/finance/monthly-earnings';
import type { Db } from '../../db/client';
import type { SessionUser } from '../sessions/sessions.service';
import { manualPlatformsNewestFirst } from './dashboard.repository';

export async function monthlyEarningsOf(db: Db, user: SessionUser): Promise<MonthlyEarningsSummary> {
  return combineMonthlyEarnings({
    socialMediaData: user.socialMediaData,
    applicationsNewestFirst: await manualPlatformsNewestFirst(db, user.id),
  });
}
