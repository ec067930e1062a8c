import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { inputClasses } from './input';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(inputClasses, 'h-auto min-h-24 resize-y', className)} {...props} />;
}
