import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const inputClasses =
  'flex h-10 w-full min-w-0 rounded-md border border-input bg-white px-3 py-2 text-base text-foreground shadow-xs transition-colors placeholder:text-slate-500 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive/30 sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(inputClasses, className)} {...props} />;
}
