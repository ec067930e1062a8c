// The one field for a code sent by e-mail or shown by an authenticator app: numeric keyboard,
// the browser's one-time-code autofill, and the form's label, hint and message.
import type { ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { cn } from '../lib/utils';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from './ui/form';
import { Input } from './ui/input';

export function OneTimeCodeField<T extends FieldValues>({
  control,
  name = 'code' as Path<T>,
  label,
  description,
  maxLength = 6,
  pattern,
  placeholder,
  size = 'large',
  className,
}: {
  control: Control<T>;
  name?: Path<T>;
  label: string;
  description?: ReactNode;
  maxLength?: number;
  /** Characters a typed code may hold (e.g. spaces between groups). */
  pattern?: string;
  placeholder?: string;
  /** 'large' for a page whose only task is the code; 'inline' (a box as wide as a code) inside a card. */
  size?: 'large' | 'inline';
  className?: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern={pattern}
              maxLength={maxLength}
              placeholder={placeholder}
              className={cn(
                size === 'large'
                  ? 'text-center font-mono text-2xl tracking-[0.5em] sm:text-2xl'
                  : 'max-w-48 tracking-[0.3em] tabular-nums',
              )}
              {...field}
            />
          </FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
