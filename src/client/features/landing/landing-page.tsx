// Landing page: hero, products, the three tools, and a closing call to action.
import {
  ArrowRight,
  BadgeCheck,
  BriefcaseBusiness,
  Camera,
  ClipboardCheck,
  Clock,
  FileText,
  HandCoins,
  Store,
  Users,
  Wallet,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { BRAND_LINE, MAX_REQUESTED_AMOUNT, MIN_REQUESTED_AMOUNT } from '../../../shared/constants';
import { DECISION_TIME_TEXT, PERIOD_RANGE_TEXT } from '../../../shared/product-facts';
import { buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { formatZarWhole } from '../../lib/format';
import { useUser } from '../../lib/session';
import { cn } from '../../lib/utils';
import { ApplyLink } from './apply-link';

// Part of the entry bundle (and pre-rendered into landing.html, src/client/app/prerender.tsx), so the hero
// paints without waiting for another chunk. The three tools further down (tabs, sliders, the money
// arithmetic) are a chunk of their own, fetched at once but not waited for; their place is held at their
// height, below the fold, so nothing moves when they arrive.
const ToolsTabs = lazy(() => import('./tools-tabs').then((m) => ({ default: m.ToolsTabs })));

/** The tab list and the calculator's card at their measured heights (390 px, sm and lg layouts). */
function ToolsFallback() {
  return (
    <div role="status" className="mt-8 grid gap-6">
      <span className="sr-only">Loading the tools…</span>
      <Skeleton className="h-11 w-full rounded-lg sm:w-[22rem]" />
      <Skeleton className="h-[991px] w-full rounded-xl sm:h-[928px] lg:h-[484px]" />
    </div>
  );
}

const PRODUCTS = [
  {
    icon: HandCoins,
    title: 'Advance funding',
    text: 'Get paid today for the content you will publish tomorrow, and repay from a share of your future platform earnings.',
  },
  {
    icon: Camera,
    title: 'Equipment financing',
    text: 'Upgrade cameras, lighting, microphones and editing rigs without waiting months to save up.',
  },
  {
    icon: FileText,
    title: 'Invoice financing',
    text: 'Unlock cash tied up in unpaid brand-deal and sponsorship invoices instead of waiting 30 to 90 days.',
  },
  {
    icon: Store,
    title: 'Merchant financing',
    text: 'Stock up on merchandise and scale your online store when demand peaks.',
  },
  {
    icon: Users,
    title: 'Employee financing',
    text: 'Bring on editors, designers and managers so you can focus on creating.',
  },
] as const;

const STEPS = [
  {
    icon: ClipboardCheck,
    title: 'Apply in minutes',
    text: 'Tell us about your content, connect your platforms and choose how much you need.',
  },
  {
    icon: Clock,
    title: `Decision within ${DECISION_TIME_TEXT}`,
    text: 'We look at your platform earnings and creative portfolio, not just a traditional credit record.',
  },
  {
    icon: Wallet,
    title: 'Repay from your earnings',
    text: 'Repayments follow your income: a share of what your platforms pay you, with no early repayment penalties.',
  },
] as const;

const FACTS = [
  {
    value: `${formatZarWhole(MIN_REQUESTED_AMOUNT)} - ${formatZarWhole(MAX_REQUESTED_AMOUNT)}`,
    label: 'Financing amounts',
  },
  { value: PERIOD_RANGE_TEXT, label: 'Repayment terms' },
  { value: DECISION_TIME_TEXT, label: 'Typical decision time' },
  { value: formatZarWhole(0), label: 'Early repayment penalties' },
] as const;

function Hero() {
  const user = useUser();
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-br from-emerald-900 via-emerald-800 to-teal-800 text-white"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-96 rounded-full bg-teal-500/20 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2 lg:items-center">
        <div className="grid gap-6">
          <p className="inline-flex w-fit items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-emerald-50 ring-1 ring-white/20">
            <BadgeCheck className="size-4" aria-hidden="true" />
            {BRAND_LINE}
          </p>
          <h1 id="hero-heading" className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Financing that grows with your content
          </h1>
          <p className="max-w-xl text-lg leading-relaxed text-emerald-50">
            Revenue-based financing from {formatZarWhole(MIN_REQUESTED_AMOUNT)} to{' '}
            {formatZarWhole(MAX_REQUESTED_AMOUNT)} for South African creators. Repay from a share of your
            platform earnings, so repayments rise and fall with your income.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <a
              href="#tools"
              className={cn(buttonVariants({ variant: 'inverse', size: 'lg' }))}
              data-testid="hero-grow"
            >
              Grow Your Business
              <ArrowRight aria-hidden="true" />
            </a>
            <ApplyLink
              variant="outline"
              size="lg"
              className="border-white/70 bg-transparent text-white hover:bg-white/10 hover:text-white"
              data-testid="hero-apply"
            >
              Apply for Financing
            </ApplyLink>
            {user ? (
              <Link
                to="/dashboard"
                className={cn(
                  buttonVariants({ variant: 'ghost', size: 'lg' }),
                  'text-white hover:bg-white/10 hover:text-white',
                )}
                data-testid="hero-dashboard"
              >
                View Dashboard
              </Link>
            ) : null}
          </div>
        </div>
        <HeroCard />
      </div>
    </section>
  );
}

function HeroCard() {
  const bars = [38, 52, 47, 64, 72, 88];
  return (
    <div aria-hidden="true" className="hidden rounded-2xl bg-white p-6 text-slate-900 shadow-2xl lg:block">
      <div className="flex items-center justify-between">
        <div>
          <p className="text-sm text-slate-600">Monthly platform earnings</p>
          <p className="text-2xl font-bold">R 11 500</p>
        </div>
        <span className="rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800">
          +18%
        </span>
      </div>
      <div className="mt-6 flex h-32 items-end gap-3">
        {bars.map((h, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: static decoration
            key={i}
            className="flex-1 rounded-t-md bg-gradient-to-t from-emerald-700 to-teal-500"
            style={{ height: `${h}%` }}
          />
        ))}
      </div>
      <div className="mt-6 grid grid-cols-2 gap-4 border-t border-slate-200 pt-4">
        <div>
          <p className="text-xs text-slate-600">Available financing</p>
          <p className="text-lg font-semibold">R 34 500</p>
        </div>
        <div>
          <p className="text-xs text-slate-600">Repayment share</p>
          <p className="text-lg font-semibold">Income-based</p>
        </div>
      </div>
    </div>
  );
}

export function LandingPage() {
  useDocumentTitle();
  return (
    <>
      <Hero />

      <section aria-labelledby="facts-heading" className="border-b border-border bg-white">
        <h2 id="facts-heading" className="sr-only">
          Key facts
        </h2>
        <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-8 sm:px-6 md:grid-cols-4">
          {FACTS.map((fact) => (
            <div key={fact.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm text-slate-600">{fact.label}</dt>
              <dd className="text-xl font-bold text-slate-900">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="products-heading" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
        <div className="max-w-2xl">
          <h2 id="products-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Financing for every stage of your creative business
          </h2>
          <p className="mt-3 text-lg text-slate-600">
            Whether you need gear, cash flow or a team, we fund the business behind your content.
          </p>
        </div>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {PRODUCTS.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <span className="flex size-11 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <CardTitle as="h3" className="mt-2">
                    {title}
                  </CardTitle>
                  <CardDescription className="leading-relaxed">{text}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
          <li>
            <Card className="flex h-full flex-col justify-between border-emerald-200 bg-emerald-50">
              <CardHeader>
                <span className="flex size-11 items-center justify-center rounded-lg bg-white text-emerald-700">
                  <BriefcaseBusiness className="size-5" aria-hidden="true" />
                </span>
                <CardTitle as="h3" className="mt-2">
                  Not sure which fits?
                </CardTitle>
                <CardDescription className="leading-relaxed text-slate-700">
                  Tell us what you need the money for when you apply and we will match you with the right
                  option.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <ApplyLink variant="default">Apply for Financing</ApplyLink>
              </CardContent>
            </Card>
          </li>
        </ul>
      </section>

      <section aria-labelledby="how-heading" className="border-y border-border bg-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="how-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            How it works
          </h2>
          <ol className="mt-10 grid gap-8 md:grid-cols-3">
            {STEPS.map(({ icon: Icon, title, text }, i) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">
                    <span className="sr-only">Step {i + 1}: </span>
                    {title}
                  </h3>
                  <p className="mt-1 text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section
        id="tools"
        aria-labelledby="tools-heading"
        className="mx-auto w-full max-w-6xl scroll-mt-20 px-4 py-16 sm:px-6"
      >
        <div className="max-w-2xl">
          <h2 id="tools-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Find your financing solution
          </h2>
          <p className="mt-3 text-lg text-slate-600">
            Estimate your repayments, see what your earnings could unlock, and check whether you qualify.
          </p>
        </div>
        <Suspense fallback={<ToolsFallback />}>
          <ToolsTabs />
        </Suspense>
      </section>

      <section
        aria-labelledby="cta-heading"
        className="bg-gradient-to-br from-emerald-800 to-teal-800 text-white"
      >
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Ready to grow your creative business?
            </h2>
            <p className="mt-2 text-emerald-50">
              Apply in minutes. Decisions typically within {DECISION_TIME_TEXT}.
            </p>
          </div>
          <ApplyLink variant="inverse" size="lg">
            Apply for Financing
            <ArrowRight aria-hidden="true" />
          </ApplyLink>
        </div>
      </section>
    </>
  );
}
