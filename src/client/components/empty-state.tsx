// The one "nothing here" panel: an icon, a title and an optional explanation or action.
import type { ReactNode } from 'react';
import { cn } from '../lib/utils';

export function EmptyState({
  icon,
  title,
  children,
  headingLevel,
  className,
}: {
  icon: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  /** A heading where the panel stands for a whole page section; plain text inside a card or list. */
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const Title = headingLevel === 2 ? 'h2' : headingLevel === 3 ? 'h3' : 'p';
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center',
        className,
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 [&_svg]:size-6">
        {icon}
      </span>
      <Title className={cn('font-semibold text-slate-900', headingLevel === 2 && 'text-lg')}>{title}</Title>
      {children ? (
        <div className="grid max-w-md justify-items-center gap-2 text-sm text-slate-600">{children}</div>
      ) : null}
    </div>
  );
}
