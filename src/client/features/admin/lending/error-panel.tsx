import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** 'Error Loading Data' with the server's message and a Retry that shows its progress. */
export function ErrorPanel({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-6 py-10 text-center"
    >
      <AlertTriangle className="size-8 text-red-600" aria-hidden="true" />
      <h3 className="text-base font-semibold text-red-900">Error Loading Data</h3>
      <p className="max-w-md text-sm break-words text-red-800">{message}</p>
      <Button variant="outline" onClick={onRetry} loading={retrying}>
        {retrying ? null : <RefreshCw aria-hidden="true" />}
        {retrying ? 'Retrying...' : 'Retry'}
      </Button>
    </div>
  );
}
