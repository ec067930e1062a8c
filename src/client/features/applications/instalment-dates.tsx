// Every instalment of a quote with its due date, amount, the platform fee charged on it and their sum: a table (the statement prints it whole) and the
// same folded under one line (the plan dialog and the agreement, so the dialog stays short and its buttons stay
// in view at 1280x800).
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/utils';
import type { QuoteText } from './plan-figures';

export function InstalmentTable({ quote, className }: { quote: QuoteText; className?: string }) {
  return (
    <table className={cn('w-full text-sm', className)}>
      <caption className="sr-only">Instalments, their due dates and platform fees</caption>
      <thead>
        <tr className="text-left text-xs tracking-wide text-slate-500 uppercase">
          <th scope="col" className="px-3 py-1.5 font-medium">
            No.
          </th>
          <th scope="col" className="px-3 py-1.5 font-medium">
            Due date
          </th>
          <th scope="col" className="px-3 py-1.5 text-right font-medium">
            Amount
          </th>
          {/* On a phone the fee and the total go under the amount: five columns do not fit in 390 px. */}
          <th scope="col" className="hidden px-3 py-1.5 text-right font-medium sm:table-cell">
            Platform fee
          </th>
          <th scope="col" className="hidden px-3 py-1.5 text-right font-medium sm:table-cell">
            To pay
          </th>
        </tr>
      </thead>
      <tbody>
        {quote.instalments.map((instalment) => (
          <tr key={instalment.number} className="border-t border-slate-100 break-inside-avoid">
            <td className="px-3 py-1 tabular-nums">{instalment.number}</td>
            <td className="px-3 py-1 whitespace-nowrap">{instalment.dueDate}</td>
            <td className="px-3 py-1 text-right tabular-nums">
              <span className="whitespace-nowrap">{instalment.amount}</span>
              {/* Two short lines on a phone, each whole: the table stays inside 390 px. */}
              <span className="block text-xs whitespace-nowrap text-slate-500 sm:hidden">
                + {instalment.fee} fee
              </span>
              <span className="block text-xs whitespace-nowrap text-slate-500 sm:hidden">
                = {instalment.total}
              </span>
            </td>
            <td className="hidden px-3 py-1 text-right whitespace-nowrap tabular-nums sm:table-cell">
              {instalment.fee}
            </td>
            <td className="hidden px-3 py-1 text-right whitespace-nowrap tabular-nums sm:table-cell">
              {instalment.total}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function InstalmentDates({ quote }: { quote: QuoteText }) {
  return (
    <details className="group rounded-md border border-border bg-white text-sm">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-3 py-2 font-medium text-emerald-800 [&::-webkit-details-marker]:hidden">
        Each due date ({quote.instalmentCount})
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <InstalmentTable quote={quote} className="border-t border-border" />
    </details>
  );
}
