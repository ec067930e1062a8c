// The creator's profile as the language model reads it: money, percentages, days and statuses in the forms the product
// shows a person ('R 6 500,00', '18,5%', '5 March 2026', 'Under Review'), never codes, 2-decimal strings or ISO dates.
// A model quotes what it is given, so an answer that quotes a figure then reads as every other screen and e-mail does.
import { formatCount, formatDateInWords, formatPercent, formatZar } from '../../../shared/format';
import { statusLabel } from '../../../shared/status-machine';
import type { CreatorContext } from './creator-context';

const money = (value: string | number | null): string | null => (value === null ? null : formatZar(value));
const percent = (value: string | number | null): string | null =>
  value === null ? null : formatPercent(value);
const day = (value: string | null): string | null => (value === null ? null : formatDateInWords(value));
// Registration stores 'Default' for a country or city left empty: to the model that is nothing, not a place.
const place = (value: string | null): string | null => (value === 'Default' ? null : value);

export function modelProfile(ctx: CreatorContext) {
  const { latestApplication: latest, loan } = ctx;
  return {
    ...ctx,
    country: place(ctx.country),
    city: place(ctx.city),
    platforms: ctx.platforms.map((platform) => ({
      ...platform,
      followers: formatCount(platform.followers),
      engagementPercent: percent(platform.engagementPercent),
      monthlyEarnings: money(platform.monthlyEarnings),
    })),
    totalFollowers: formatCount(ctx.totalFollowers),
    monthlyRevenue: money(ctx.monthlyRevenue),
    latestApplication: latest && {
      id: latest.id,
      status: statusLabel(latest.status),
      requestedAmount: money(latest.requestedAmount),
      createdAt: day(latest.createdAt),
    },
    loan: loan && {
      ...loan,
      status: statusLabel(loan.status),
      totalAmount: money(loan.totalAmount),
      balance: money(loan.balance),
      paidAmount: money(loan.paidAmount),
      installmentAmount: money(loan.installmentAmount),
      withholdingPercentage: percent(loan.withholdingPercentage),
      amountOverdue: money(loan.amountOverdue),
      oldestUnpaidDueDate: day(loan.oldestUnpaidDueDate),
      nextInstalment: loan.nextInstalment && {
        dueDate: day(loan.nextInstalment.dueDate),
        amount: money(loan.nextInstalment.amount),
      },
      amountDueNow: money(loan.amountDueNow),
      financeCharge: money(loan.financeCharge),
      annualCostRate: percent(loan.annualCostRate),
      settlementAmount: money(loan.settlementAmount),
      settlementSaves: money(loan.settlementSaves),
      lastPaymentDate: day(loan.lastPaymentDate),
    },
  };
}
