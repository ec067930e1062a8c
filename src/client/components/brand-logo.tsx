import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../shared/constants';
import { cn } from '../lib/utils';

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        d="M8 9l8 15 8-15"
        fill="none"
        stroke="#fff"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The product name linking home; its accessible name is the product name. */
export function BrandLink({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn(
        'inline-flex shrink-0 items-center gap-2 whitespace-nowrap rounded-md text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      <BrandMark className="text-primary" />
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
