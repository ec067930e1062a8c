// Eligibility check: three steps, then the verdict from the shared scoring rules.
import { CheckCircle2, CircleAlert, XCircle } from 'lucide-react';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import {
  type EligibilityResult,
  MONTHS_ACTIVE_MAX,
  MONTHS_ACTIVE_MIN,
  PLATFORM_COUNT_OPTIONS,
  type PlatformCountOption,
  scoreEligibility,
} from '../../../shared/finance/eligibility';
import { DECISION_TIME_TEXT } from '../../../shared/product-facts';
import { MoneyInput } from '../../components/money-input';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Progress } from '../../components/ui/progress';
import { Slider } from '../../components/ui/slider';
import { cn } from '../../lib/utils';
import { ApplyLink } from './apply-link';

const TOTAL_STEPS = 3;
const DEFAULT_MONTHS_ACTIVE = 6;

const monthsText = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`;

const RESULTS: Record<
  EligibilityResult,
  { title: string; text: string; icon: typeof CheckCircle2; tone: string; canApply: boolean }
> = {
  eligible: {
    title: "You're likely eligible",
    text: `Your platforms, track record and revenue match what we look for. Apply now for a decision typically within ${DECISION_TIME_TEXT}.`,
    icon: CheckCircle2,
    tone: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    canApply: true,
  },
  partial: {
    title: 'You may be partially eligible',
    text: 'You meet some of our criteria. You could qualify for a smaller amount to start with, and grow your limit as you repay.',
    icon: CircleAlert,
    tone: 'border-amber-200 bg-amber-50 text-amber-900',
    canApply: true,
  },
  ineligible: {
    title: 'Not eligible yet',
    text: 'Keep growing: more platforms, a longer track record and higher monthly revenue all improve your chances. Try again as your audience grows.',
    icon: XCircle,
    tone: 'border-red-200 bg-red-50 text-red-900',
    canApply: false,
  },
};

export function EligibilityTab() {
  const [step, setStep] = useState(1);
  const [platforms, setPlatforms] = useState<PlatformCountOption | null>(null);
  const [monthsActive, setMonthsActive] = useState(DEFAULT_MONTHS_ACTIVE);
  // Typed as a South African writes money (8 000, R 8 000,50) through the money input: a number, or none yet.
  const [revenue, setRevenue] = useState<number | undefined>(undefined);
  const [revenueError, setRevenueError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const ids = { months: useId(), revenue: useId(), revenueError: useId() };

  // Move focus to the new step's heading so keyboard and screen-reader users follow the wizard.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const revenueNumber = revenue ?? Number.NaN;
  const result =
    step > TOTAL_STEPS ? scoreEligibility({ platforms, monthsActive, monthlyRevenue: revenueNumber }) : null;

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (step === 3) {
      if (!Number.isFinite(revenueNumber) || revenueNumber < 0) {
        setRevenueError('Enter your average monthly revenue in rand');
        return;
      }
      setRevenueError(null);
    }
    setStep((s) => s + 1);
  };

  const startOver = () => {
    setStep(1);
    setPlatforms(null);
    setMonthsActive(DEFAULT_MONTHS_ACTIVE);
    setRevenue(undefined);
    setRevenueError(null);
  };

  const canContinue = step === 1 ? platforms !== null : step === 2 ? true : revenue !== undefined;

  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader>
        <CardTitle as="h3">Check your eligibility</CardTitle>
        <CardDescription>
          Three quick questions. Nothing is saved and it does not affect your credit score.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {result ? (
          <EligibilityVerdict
            result={result.result}
            total={result.total}
            headingRef={headingRef}
            onStartOver={startOver}
          />
        ) : (
          <form onSubmit={next} className="grid gap-6" noValidate>
            <div className="grid gap-2">
              <p className="text-sm font-medium text-slate-700">
                Step {step} of {TOTAL_STEPS}
              </p>
              <Progress value={(step / TOTAL_STEPS) * 100} aria-label={`Step ${step} of ${TOTAL_STEPS}`} />
            </div>

            {step === 1 ? (
              <fieldset className="grid gap-4">
                <legend className="mb-4 text-base font-semibold text-slate-900">
                  <h4 ref={headingRef} tabIndex={-1} className="outline-none">
                    How many platforms do you earn money on?
                  </h4>
                </legend>
                <div className="grid grid-cols-5 gap-2">
                  {PLATFORM_COUNT_OPTIONS.map((option) => {
                    const checked = platforms === option;
                    return (
                      <label
                        key={option}
                        className={cn(
                          'flex h-12 cursor-pointer items-center justify-center rounded-lg border text-base font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                          checked
                            ? 'border-primary bg-primary text-primary-foreground'
                            : 'border-input bg-white text-slate-800 hover:border-primary hover:bg-emerald-50',
                        )}
                      >
                        <input
                          type="radio"
                          name="platforms"
                          value={String(option)}
                          checked={checked}
                          onChange={() => setPlatforms(option)}
                          className="sr-only"
                        />
                        {option}
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            ) : null}

            {step === 2 ? (
              <div className="grid gap-4">
                <h4
                  ref={headingRef}
                  tabIndex={-1}
                  className="text-base font-semibold text-slate-900 outline-none"
                >
                  How long have you been creating content?
                </h4>
                <div className="flex items-baseline justify-between gap-3">
                  <span id={ids.months} className="text-sm font-medium text-slate-800">
                    Months active
                  </span>
                  <output
                    aria-labelledby={ids.months}
                    className="text-lg font-semibold text-primary tabular-nums"
                  >
                    {monthsText(monthsActive)}
                  </output>
                </div>
                <Slider
                  min={MONTHS_ACTIVE_MIN}
                  max={MONTHS_ACTIVE_MAX}
                  step={1}
                  value={[monthsActive]}
                  onValueChange={([v]) => setMonthsActive(v ?? DEFAULT_MONTHS_ACTIVE)}
                  thumbLabel="Months active"
                  valueText={monthsText(monthsActive)}
                />
                <div className="flex justify-between text-xs text-slate-600" aria-hidden="true">
                  <span>{monthsText(MONTHS_ACTIVE_MIN)}</span>
                  <span>{monthsText(MONTHS_ACTIVE_MAX)}</span>
                </div>
              </div>
            ) : null}

            {step === 3 ? (
              <div className="grid gap-4">
                <h4
                  ref={headingRef}
                  tabIndex={-1}
                  className="text-base font-semibold text-slate-900 outline-none"
                >
                  What do you earn from content each month?
                </h4>
                <div className="grid gap-2">
                  <Label htmlFor={ids.revenue}>Average monthly revenue (R)</Label>
                  <MoneyInput
                    id={ids.revenue}
                    placeholder="e.g. 5 000"
                    value={revenue}
                    onChange={setRevenue}
                    aria-invalid={revenueError ? true : undefined}
                    aria-describedby={revenueError ? ids.revenueError : undefined}
                  />
                  {revenueError ? (
                    <p id={ids.revenueError} className="text-sm font-medium text-destructive">
                      {revenueError}
                    </p>
                  ) : null}
                </div>
              </div>
            ) : null}

            <div className="flex items-center justify-between gap-3">
              <Button
                variant="outline"
                onClick={() => setStep((s) => Math.max(1, s - 1))}
                disabled={step === 1}
              >
                Back
              </Button>
              <Button type="submit" disabled={!canContinue}>
                Continue
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function EligibilityVerdict({
  result,
  total,
  headingRef,
  onStartOver,
}: {
  result: EligibilityResult;
  total: number;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onStartOver: () => void;
}) {
  const copy = RESULTS[result];
  const Icon = copy.icon;
  return (
    <div className="grid gap-5" data-testid="eligibility-result" data-result={result}>
      <div className={cn('flex gap-3 rounded-lg border p-4', copy.tone)}>
        <Icon className="mt-0.5 size-6 shrink-0" aria-hidden="true" />
        <div className="grid gap-1">
          <h4 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
            {copy.title}
          </h4>
          <p className="text-sm leading-relaxed">{copy.text}</p>
          <p className="text-sm font-medium">Score: {total} of 9 points</p>
        </div>
      </div>
      <p className="text-sm text-slate-600">
        To apply you must be a South African resident aged 18 or older, with a South African bank account and
        at least six months of creator activity.
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onStartOver}>
          Start Over
        </Button>
        {copy.canApply ? <ApplyLink>Apply for Financing</ApplyLink> : null}
      </div>
    </div>
  );
}
