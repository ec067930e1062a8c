// One figure of a quote as the plan and offer dialogs list it: the label, the value (with a short note beside it)
// and, under both, one line saying what it means.
import type { ReactNode } from 'react';

export function Figure({
  label,
  value,
  note,
  explanation,
}: {
  label: string;
  value: ReactNode;
  note?: string;
  /** One line saying what the figure means, under it. */
  explanation?: string;
}) {
  return (
    <div className="grid grid-cols-[1fr_auto] items-baseline gap-x-3">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right">
        <span className="font-semibold whitespace-nowrap tabular-nums text-slate-900">{value}</span>
        {note ? (
          <span className="block text-xs text-slate-500 min-[420px]:ml-1 min-[420px]:inline">({note})</span>
        ) : null}
      </dd>
      {explanation ? <dd className="col-span-2 text-xs text-slate-500">{explanation}</dd> : null}
    </div>
  );
}
