// The figures a dialog confirms before its form (an amount, a balance, a reference): a small grid of label
// and value on a grey panel.
import type { ReactNode } from 'react';
import { cn } from '../lib/utils';

interface DialogFigure {
  label: string;
  value: ReactNode;
  /** Classes of the value (a reference in a monospace font, say); a large figure by default. */
  valueClassName?: string;
  /** The figure takes the whole row. */
  wide?: boolean;
}

export function DialogFigures({ figures, testId }: { figures: DialogFigure[]; testId?: string }) {
  return (
    <dl
      className="grid grid-cols-2 gap-3 rounded-lg border border-border bg-slate-50 p-3 text-sm"
      data-testid={testId}
    >
      {figures.map((figure) => (
        <div key={figure.label} className={cn('grid min-w-0 gap-0.5', figure.wide && 'col-span-2')}>
          <dt className="text-slate-600">{figure.label}</dt>
          <dd className={figure.valueClassName ?? 'text-base font-semibold text-slate-900 tabular-nums'}>
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
