// The live repayment preview of the Edit and Setup dialogs: the server's POST .../preview-terms answer for the
// current inputs, shown while it loads, when it fails, and when the inputs cannot be priced yet.
import type { UseQueryResult } from '@tanstack/react-query';
import { Calculator } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { MAX_PERIOD_MONTHS, MIN_PERIOD_MONTHS } from '../../../shared/constants';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { formatPercent, formatZar } from '../../lib/format';
import type { PreviewTermsAnswer } from '../applications';

const PREVIEW_FAILED_MESSAGE = 'Could not generate repayment preview. Please try again later.';

interface PreviewFigure {
  label: string;
  value: ReactNode;
  note?: string;
}

/** The estimated period field of both dialogs (the schema clamps or checks the period's bounds). */
export const PERIOD_FIELD = {
  label: 'Estimated period (months)',
  description: `${MIN_PERIOD_MONTHS} to ${MAX_PERIOD_MONTHS} months.`,
  className: 'content-start',
  inputMode: 'numeric',
  min: MIN_PERIOD_MONTHS,
  max: MAX_PERIOD_MONTHS,
  step: 1,
} as const;

/** The financing's price as both dialogs show it: the amount, its cost and the total repayable. */
export function priceFigures(
  terms: PreviewTermsAnswer,
  amount: PreviewFigure,
  { currency, costNote }: { currency: string | null | undefined; costNote: string },
): PreviewFigure[] {
  return [
    amount,
    {
      label: 'Cost',
      value: formatZar(terms.costAmount, { currency }),
      note: `${formatPercent(terms.costPercentage)} of the amount${costNote}`,
    },
    { label: 'Total repayable', value: formatZar(terms.totalAmount, { currency }) },
  ];
}

export function RepaymentPreview({
  query,
  hint,
  figures,
  footnote,
}: {
  query: UseQueryResult<PreviewTermsAnswer>;
  /** Why there is nothing to price (inputs out of range); shown instead of figures. */
  hint?: string | null;
  figures: (terms: PreviewTermsAnswer) => PreviewFigure[];
  /** Below the figures; a function of the server's answer when it depends on it (the legal ceiling's note). */
  footnote?: ReactNode | ((terms: PreviewTermsAnswer) => ReactNode);
}) {
  let body: ReactNode;
  if (hint) {
    body = <p className="text-sm text-slate-600">{hint}</p>;
  } else if (query.isError) {
    body = (
      <p role="alert" className="text-sm font-medium text-red-800">
        {PREVIEW_FAILED_MESSAGE}
      </p>
    );
  } else if (!query.data) {
    body = (
      <div role="status" className="grid gap-2">
        <span className="sr-only">Calculating the repayment preview…</span>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-4 w-4/6" />
      </div>
    );
  } else {
    body = (
      <dl className="grid gap-1.5 text-sm">
        {figures(query.data).map((figure) => (
          <div key={figure.label} className="flex items-baseline justify-between gap-3">
            <dt className="text-slate-600">{figure.label}</dt>
            <dd className="text-right">
              <span className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">
                {figure.value}
              </span>
              {figure.note ? <span className="block text-xs text-slate-500">{figure.note}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  const headingId = useId();
  const shownFootnote =
    typeof footnote === 'function' ? (query.data ? footnote(query.data) : null) : footnote;
  const updating = !hint && query.isFetching && query.data !== undefined;
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={updating || undefined}
      data-testid="repayment-preview"
      className="grid gap-3 rounded-lg border border-emerald-200 bg-emerald-50/50 p-4"
    >
      <h3
        id={headingId}
        className="flex items-center gap-2 text-sm font-semibold text-slate-900 [&_svg]:size-4"
      >
        <Calculator aria-hidden="true" className="text-emerald-700" />
        Repayment preview
        {updating ? <Spinner className="ml-auto text-emerald-700" label="Updating the preview" /> : null}
      </h3>
      {body}
      {shownFootnote && !hint && !query.isError ? (
        <p className="text-xs text-slate-600">{shownFootnote}</p>
      ) : null}
    </section>
  );
}
