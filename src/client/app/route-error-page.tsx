import { AlertTriangle } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonVariants } from '../components/ui/button';

/** Last resort when a page throws while rendering: say so plainly and offer a way out. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  // A new deployment replaces the page chunks; an old tab then fails to load one, and a reload fixes it.
  const staleChunk =
    error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message);

  return (
    <main id="main" className="flex flex-1 items-center justify-center px-4 py-16">
      <div className="w-full max-w-md rounded-xl border border-border bg-white p-8 text-center shadow-sm">
        <AlertTriangle className="mx-auto size-10 text-red-700" aria-hidden="true" />
        <h1 className="mt-4 text-xl font-semibold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-sm text-slate-600">
          {staleChunk
            ? 'A newer version of Vuka Capital is available. Reload the page to continue.'
            : 'This page could not be shown. Please try again.'}
        </p>
        {detail && !staleChunk ? <p className="mt-2 text-xs break-words text-slate-500">{detail}</p> : null}
        <div className="mt-6 flex justify-center gap-3">
          <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
            Reload
          </button>
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            Go home
          </Link>
        </div>
      </div>
    </main>
  );
}
