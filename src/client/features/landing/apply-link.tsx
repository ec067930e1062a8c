import type { VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button';
import { useUser } from '../../lib/session';
import { cn } from '../../lib/utils';
import { authPathFor } from '../auth';

export const APPLY_PATH = '/apply';

/** Every apply button: /apply for a signed-in user, /auth?redirect=/apply for everyone else. */
export function ApplyLink({
  className,
  variant,
  size,
  ...props
}: Omit<ComponentProps<typeof Link>, 'to'> & VariantProps<typeof buttonVariants>) {
  const user = useUser();
  return (
    <Link
      to={user ? APPLY_PATH : authPathFor(APPLY_PATH)}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
