import type { ReactNode } from 'react';
import { FormLabel } from '../../components/ui/form';

/** A label with the visual required mark; the mark is hidden from the accessible name (aria-required says it). */
export function RequiredLabel({ children }: { children: ReactNode }) {
  return (
    <FormLabel>
      {children}
      <span aria-hidden="true" className="ml-0.5 text-destructive">
        *
      </span>
    </FormLabel>
  );
}
