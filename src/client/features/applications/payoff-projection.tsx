// "When will I be paid off?" on the plan card: a what-if over the loan's real instalments. The creator types
// the platform earnings they expect a month; the browser projects the withholding (earnings x the plan's
// withholding %) against what is outstanding, with the same projectPayoff the server's rules live beside.
// Nothing is sent or stored: it is a preview.
import { zodResolver } from '@hookform/resolvers/zod';
import Decimal from 'decimal.js';
import { AlertTriangle, CalendarCheck2 } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useId, useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { IsoDate } from '../../../shared/business-date';
import { type InstalmentBalance, projectPayoff } from '../../../shared/finance/instalments';
import { toDecimal, toMoneyString } from '../../../shared/finance/money';
import { MoneyInput } from '../../components/money-input';
import { Alert, AlertDescription } from '../../components/ui/alert';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../components/ui/form';
import { Skeleton } from '../../components/ui/skeleton';
import { useNearViewport } from '../../hooks/use-near-viewport';
import { payoffSummary } from '../servicing';

const PayoffChart = lazy(() => import('./payoff-chart').then((m) => ({ default: m.PayoffChart })));

/** Earnings above this are a typo, not a what-if (and would only draw a one-month line). */
const MAX_EARNINGS = 10_000_000;

const projectionSchema = z.object({
  monthlyEarnings: z
    .number({ error: 'Enter your monthly platform earnings in rand (0 or more).' })
    .min(0, 'Earnings cannot be negative: enter 0 or more.')
    .max(MAX_EARNINGS, 'Enter an amount up to R 10 000 000.'),
});
type ProjectionValues = z.input<typeof projectionSchema>;

export function PayoffProjection({
  instalments,
  today,
  withholdingPercentage,
  defaultEarnings,
  inArrears,
  currency,
}: {
  instalments: ReadonlyArray<InstalmentBalance>;
  /** The server's today (South Africa), so the projection starts where the instalment table does. */
  today: IsoDate;
  withholdingPercentage: string;
  /** The application's monthly revenue: what the creator told us they earn. */
  defaultEarnings: string;
  /** Instalments are overdue today: the warning then says when the loan would catch up. */
  inArrears: boolean;
  currency?: string | null;
}) {
  const headingId = useId();
  const chartPlace = useRef<HTMLDivElement>(null);
  const chartNear = useNearViewport(chartPlace);
  const initial = toDecimal(defaultEarnings);
  const form = useForm<ProjectionValues>({
    resolver: zodResolver(projectionSchema),
    mode: 'onChange',
    defaultValues: { monthlyEarnings: initial ? initial.toNumber() : 0 },
  });
  const earnings = useWatch({ control: form.control, name: 'monthlyEarnings' });
  // Typing stays responsive; the projection and chart follow a moment later.
  const deferred = useDeferredValue(earnings);
  const parsed = projectionSchema.shape.monthlyEarnings.safeParse(deferred);

  const result = useMemo(() => {
    if (!parsed.success) return null;
    // The field holds a number; to the cent as money from here on.
    const monthlyEarnings = new Decimal(parsed.data).toDecimalPlaces(2);
    const projection = projectPayoff({
      instalments,
      today,
      monthlyEarnings,
      withholdingPercentage: new Decimal(withholdingPercentage),
    });
    const summary = payoffSummary(projection, {
      today,
      monthlyEarnings: toMoneyString(monthlyEarnings),
      withholdingPercentage,
      currency,
      inArrears,
    });
    return { projection, summary };
  }, [parsed.success, parsed.data, instalments, today, withholdingPercentage, currency, inArrears]);

  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-border p-4">
      <h4 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <CalendarCheck2 className="size-4 text-emerald-700" aria-hidden="true" />
        When will I be paid off?
      </h4>
      <Form {...form}>
        <form noValidate onSubmit={(event) => event.preventDefault()} className="grid gap-2">
          <FormField
            control={form.control}
            name="monthlyEarnings"
            render={({ field }) => (
              <FormItem>
                <FormLabel>If my platform earnings are</FormLabel>
                <div className="flex items-center gap-2 text-sm text-slate-700">
                  <span aria-hidden="true">R</span>
                  <FormControl>
                    <MoneyInput
                      required
                      className="w-40 tabular-nums"
                      name={field.name}
                      ref={field.ref}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                    />
                  </FormControl>
                  <span aria-hidden="true">a month</span>
                </div>
                <FormDescription>In rand a month, before anything is withheld.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        </form>
      </Form>
      {result ? (
        <div className="grid gap-3">
          <div aria-live="polite" className="grid gap-1" data-testid="payoff-answer">
            <p className="text-lg font-semibold text-slate-900">{result.summary.headline}</p>
            <p className="text-sm text-slate-600">{result.summary.detail}</p>
          </div>
          {result.summary.behindWarning ? (
            <Alert variant="warning">
              <AlertTriangle aria-hidden="true" />
              <AlertDescription>{result.summary.behindWarning}</AlertDescription>
            </Alert>
          ) : null}
          <div ref={chartPlace}>
            {chartNear ? (
              <Suspense fallback={<Skeleton className="h-56 w-full" />}>
                <PayoffChart
                  points={result.projection.points}
                  currency={currency}
                  caption={`Remaining balance over time: ${result.summary.headline}.`}
                />
              </Suspense>
            ) : (
              <Skeleton className="h-56 w-full" />
            )}
          </div>
        </div>
      ) : null}
    </section>
  );
}
