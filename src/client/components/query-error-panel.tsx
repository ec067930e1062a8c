// The one panel for a read that failed: a titled alert with the server's message and a Retry that
// shows its progress. Every screen's failed query shows this instead of its own variant.
import { AlertTriangle } from 'lucide-react';
import { messageOf } from '../lib/api';
import { cn } from '../lib/utils';
import { Alert, AlertDescription, AlertTitle } from './ui/alert';
import { Button } from './ui/button';

/** What the panel reads from a TanStack Query result. */
export interface RetryableQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

export function QueryErrorPanel({
  query,
  error = query?.error,
  onRetry = () => void query?.refetch(),
  isRetrying = query?.isFetching ?? false,
  title = 'Error Loading Data',
  fallback = 'Failed to fetch data',
  message,
  detail,
  className,
}: {
  /** The failed query; or give its `error`, `onRetry` and `isRetrying` one by one. */
  query?: RetryableQuery;
  error?: unknown;
  onRetry?: () => void;
  isRetrying?: boolean;
  title?: string;
  /** The message when the server gave none; `''` shows only the server's own words, if any. */
  fallback?: string;
  /** Replaces the server's message (which then shows underneath, as `detail`, when it adds something). */
  message?: string;
  detail?: string;
  className?: string;
}) {
  const text = message ?? messageOf(error, fallback);
  const extra = detail ?? (message === undefined ? undefined : messageOf(error, ''));
  return (
    <Alert variant="destructive" role="alert" className={cn(className)}>
      <AlertTriangle aria-hidden="true" />
      <div className="grid gap-2">
        <AlertTitle>{title}</AlertTitle>
        {text && text !== title ? (
          <AlertDescription>
            <p className="break-words">{text}</p>
            {extra && extra !== text ? <p className="mt-1 break-words text-red-700">{extra}</p> : null}
          </AlertDescription>
        ) : null}
        <div>
          <Button variant="outline" size="sm" onClick={onRetry} loading={isRetrying}>
            Retry
          </Button>
        </div>
      </div>
    </Alert>
  );
}
