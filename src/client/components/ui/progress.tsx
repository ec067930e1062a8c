import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

interface ProgressProps extends ComponentProps<typeof ProgressPrimitive.Root> {
  indicatorClassName?: string;
}

export function Progress({ className, indicatorClassName, value, max = 100, ...props }: ProgressProps) {
  const clamped = Math.min(Math.max(value ?? 0, 0), max);
  return (
    <ProgressPrimitive.Root
      value={clamped}
      max={max}
      className={cn('relative h-2.5 w-full overflow-hidden rounded-full bg-slate-200', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn('h-full w-full flex-1 bg-primary transition-transform', indicatorClassName)}
        style={{ transform: `translateX(-${100 - (clamped / max) * 100}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
