import { Loader2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

interface SpinnerProps extends ComponentProps<'svg'> {
  /** Text for assistive technology; omit when the spinner sits inside a labelled control. */
  label?: string;
}

export function Spinner({ className, label, ...props }: SpinnerProps) {
  return (
    <>
      <Loader2 aria-hidden="true" className={cn('size-4 animate-spin', className)} {...props} />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}

/** A centred spinner for a page or section that is still loading. */
export function PageSpinner({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex flex-1 items-center justify-center py-24', className)}
    >
      <Spinner className="size-8 text-primary" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
