// Loading, error and empty panels of the admin users views, so the tab, the screen and the dialog's
// User Details view fail and wait the same way.
import { AlertTriangle, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';

export function UsersErrorPanel({
  title,
  message,
  detail,
  onRetry,
  isRetrying,
}: {
  title: string;
  message: string;
  /** The server's own words, when they add something to the message. */
  detail?: string;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <Alert variant="destructive" role="alert">
      <AlertTriangle aria-hidden="true" />
      <div className="grid gap-2">
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>
          <p>{message}</p>
          {detail && detail !== message ? <p className="mt-1 text-red-700">{detail}</p> : null}
        </AlertDescription>
        <div>
          <Button variant="outline" size="sm" onClick={onRetry} loading={isRetrying}>
            Retry
          </Button>
        </div>
      </div>
    </Alert>
  );
}

export function UsersSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, row) => `skeleton-${row}`).map((key) => (
        <div key={key} className="flex items-center gap-4 rounded-lg border border-border bg-white p-4">
          <Skeleton className="size-9 shrink-0 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-40 max-w-full" />
            <Skeleton className="h-3 w-56 max-w-full" />
          </div>
          <Skeleton className="hidden h-6 w-20 rounded-full sm:block" />
        </div>
      ))}
    </div>
  );
}

export function UsersEmpty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
        <Users className="size-5" aria-hidden="true" />
      </span>
      <p className="font-semibold text-slate-900">{title}</p>
      {children ? <div className="max-w-md text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}
