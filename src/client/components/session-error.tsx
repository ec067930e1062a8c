// The session could not be read (server down, network error): not the same as logged out. Used by the route guards
// and by the pages that read the session themselves (/apply, /auth).
import { AlertTriangle } from 'lucide-react';
import { messageOf } from '../lib/api';
import { Alert, AlertDescription, AlertTitle } from './ui/alert';
import { Button } from './ui/button';

/** Shown when the session itself could not be read (server down, network error): not the same as logged out. */
export function SessionError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16">
      <Alert variant="destructive" role="alert">
        <AlertTriangle aria-hidden="true" />
        <div className="grid gap-2">
          <AlertTitle>We could not check your session</AlertTitle>
          <AlertDescription>{messageOf(error, 'Network request failed')}</AlertDescription>
          <div>
            <Button variant="outline" size="sm" onClick={onRetry}>
              Try again
            </Button>
          </div>
        </div>
      </Alert>
    </div>
  );
}
