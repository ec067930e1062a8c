import { AlertTriangle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from './ui/alert';

/** A failed call's message inside a dialog, announced as it appears (with a title above it when given). */
export function ServerError({ title, message }: { title?: string; message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <AlertTriangle aria-hidden="true" />
      <div className="grid gap-1">
        {title ? <AlertTitle>{title}</AlertTitle> : null}
        <AlertDescription>{message}</AlertDescription>
      </div>
    </Alert>
  );
}
