// Landing calculator: every figure comes from the shared finance module.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  calculateLandingRepayment,
  costPhrase,
  HEALTHY_SHARE_BELOW,
  HIGH_RISK_SHARE_ABOVE,
  LANDING_AMOUNT,
  LANDING_COST_PERCENTAGE,
  LANDING_DURATION_MONTHS,
  LANDING_MONTHLY_REVENUE,
  type RiskBand,
  type SliderRange,
} from '../../../shared/finance/landing-calculator';
// From the money module itself rather than lib/format (which re-exports it): that one also brings the date
// formatters, which the landing page does not need.
import { formatPercent, formatZar, formatZarWhole } from '../../../shared/finance/money';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Slider } from '../../components/ui/slider';
import { ApplyLink } from './apply-link';

const monthsText = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`;

export const RISK_MESSAGES: Record<
  RiskBand,
  { title: string; text: string; variant: 'success' | 'warning' | 'destructive' }
> = {
  healthy: {
    title: 'Healthy',
    text: `Repayments take less than ${HEALTHY_SHARE_BELOW}% of your monthly revenue, leaving plenty of room to keep creating.`,
    variant: 'success',
  },
  moderate: {
    title: 'Moderate',
    text: `Repayments take between ${HEALTHY_SHARE_BELOW}% and ${HIGH_RISK_SHARE_ABOVE}% of your monthly revenue. Manageable, but plan your cash flow carefully.`,
    variant: 'warning',
  },
  high: {
    title: 'High risk',
    text: `Repayments would take more than ${HIGH_RISK_SHARE_ABOVE}% of your monthly revenue. Consider a smaller amount or a longer term.`,
    variant: 'destructive',
  },
};

function SliderField({
  label,
  range,
  value,
  onChange,
  display,
  minLabel,
  maxLabel,
}: {
  label: string;
  range: SliderRange;
  value: number;
  onChange: (value: number) => void;
  display: string;
  minLabel: string;
  maxLabel: string;
}) {
  const labelId = useId();
  return (
    <div className="grid gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <span id={labelId} className="text-sm font-medium text-slate-800">
          {label}
        </span>
        <output aria-labelledby={labelId} className="text-lg font-semibold text-primary tabular-nums">
          {display}
        </output>
      </div>
      <Slider
        min={range.min}
        max={range.max}
        step={range.step}
        value={[value]}
        onValueChange={([next]) => onChange(next ?? range.default)}
        thumbLabel={label}
        valueText={display}
      />
      <div className="flex justify-between text-xs text-slate-600" aria-hidden="true">
        <span>{minLabel}</span>
        <span>{maxLabel}</span>
      </div>
    </div>
  );
}

export function CalculatorTab() {
  const [amount, setAmount] = useState(LANDING_AMOUNT.default);
  const [months, setMonths] = useState(LANDING_DURATION_MONTHS.default);
  const [revenue, setRevenue] = useState(LANDING_MONTHLY_REVENUE.default);

  const result = calculateLandingRepayment({ amount, durationMonths: months, monthlyRevenue: revenue });
  const risk = RISK_MESSAGES[result.riskBand];

  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <Card className="lg:col-span-3">
        <CardHeader>
          <CardTitle as="h3">Financing calculator</CardTitle>
          <CardDescription>Move the sliders to see what financing could cost you each month.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-8">
          <SliderField
            label="Financing amount"
            range={LANDING_AMOUNT}
            value={amount}
            onChange={setAmount}
            display={formatZarWhole(amount)}
            minLabel={formatZarWhole(LANDING_AMOUNT.min)}
            maxLabel={formatZarWhole(LANDING_AMOUNT.max)}
          />
          <SliderField
            label="Repayment period"
            range={LANDING_DURATION_MONTHS}
            value={months}
            onChange={setMonths}
            display={monthsText(months)}
            minLabel={monthsText(LANDING_DURATION_MONTHS.min)}
            maxLabel={monthsText(LANDING_DURATION_MONTHS.max)}
          />
          <SliderField
            label="Monthly revenue"
            range={LANDING_MONTHLY_REVENUE}
            value={revenue}
            onChange={setRevenue}
            display={formatZarWhole(revenue)}
            minLabel={formatZarWhole(LANDING_MONTHLY_REVENUE.min)}
            maxLabel={formatZarWhole(LANDING_MONTHLY_REVENUE.max)}
          />
        </CardContent>
      </Card>

      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle as="h3">Your estimate</CardTitle>
          <CardDescription data-testid="calc-illustrative">
            An illustrative example, not an offer: {costPhrase(LANDING_COST_PERCENTAGE)}, which is an
            annualised cost rate of {formatPercent(result.illustrativeAnnualRate, { decimals: 1 })} over{' '}
            {monthsText(months)}. Your real cost depends on your credit score, is held within the National
            Credit Act&rsquo;s ceilings and is shown, with its annualised rate, before you sign.{' '}
            <Link
              to="/faq#limits-and-terms"
              className="font-medium text-primary underline underline-offset-4"
            >
              How we price financing
            </Link>
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <dl className="grid gap-4">
            <div className="flex items-baseline justify-between gap-3 border-b border-border pb-3">
              <dt className="text-sm text-slate-600">Total repayment</dt>
              <dd className="text-xl font-bold text-slate-900 tabular-nums" data-testid="calc-total">
                {formatZar(result.totalRepayment)}
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-3 border-b border-border pb-3">
              <dt className="text-sm text-slate-600">Monthly payment</dt>
              <dd className="text-xl font-bold text-slate-900 tabular-nums" data-testid="calc-monthly">
                {formatZar(result.monthlyPayment)}
              </dd>
            </div>
            <div className="flex items-baseline justify-between gap-3">
              <dt className="text-sm text-slate-600">Share of monthly revenue</dt>
              <dd className="text-xl font-bold text-slate-900 tabular-nums" data-testid="calc-share">
                {formatPercent(result.revenueSharePercent)}
              </dd>
            </div>
          </dl>
          <Alert variant={risk.variant} data-testid="calc-risk" data-risk={result.riskBand}>
            <div className="grid gap-1">
              <AlertTitle>{risk.title}</AlertTitle>
              <AlertDescription>{risk.text}</AlertDescription>
            </div>
          </Alert>
          <ApplyLink size="lg" className="w-full">
            Apply for Financing
          </ApplyLink>
        </CardContent>
      </Card>
    </div>
  );
}
