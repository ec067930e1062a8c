// The frame of the dialogs that act on one application (Edit, Setup Repayment, Add Payment): it loads the
// application by id from GET /api/admin/applications/{id} (the list's rows carry only what the table shows;
// issue 10), shows a skeleton meanwhile and an error with Retry when it fails, then hands the application
// with its applicant to the dialog's content. After a change the details are invalidated with the list,
// so the content shows the server's state.
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { messageOf } from '../../lib/api';
import type { AdminApplication } from './admin-types';
import { useAdminApplicationDetails, withApplicant } from './applications-api';

export function ApplicationDialog({
  applicationId,
  onOpenChange,
  title,
  children,
}: {
  applicationId: number | null;
  onOpenChange: (open: boolean) => void;
  /** The dialog's title while the application loads (the content has its own). */
  title: string;
  children: (application: AdminApplication, onDone: () => void) => ReactNode;
}) {
  return (
    <Dialog open={applicationId !== null} onOpenChange={onOpenChange}>
      {applicationId !== null ? (
        <Loaded
          key={applicationId}
          applicationId={applicationId}
          title={title}
          onDone={() => onOpenChange(false)}
        >
          {children}
        </Loaded>
      ) : null}
    </Dialog>
  );
}

function Loaded({
  applicationId,
  title,
  onDone,
  children,
}: {
  applicationId: number;
  title: string;
  onDone: () => void;
  children: (application: AdminApplication, onDone: () => void) => ReactNode;
}) {
  const details = useAdminApplicationDetails(applicationId);
  if (details.data) return children(withApplicant(details.data), onDone);
  return (
    <DialogContent className="max-w-xl">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>Application #{applicationId}</DialogDescription>
      </DialogHeader>
      {details.isPending ? (
        <div role="status" className="grid gap-3">
          <span className="sr-only">Loading the application…</span>
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : (
        <Alert variant="destructive" role="alert">
          <AlertTriangle aria-hidden="true" />
          <div className="grid gap-2">
            <AlertTitle>Error Loading Data</AlertTitle>
            <AlertDescription>{messageOf(details.error, 'Failed to fetch the application')}</AlertDescription>
            <div>
              <Button
                variant="outline"
                size="sm"
                onClick={() => void details.refetch()}
                loading={details.isFetching}
              >
                Retry
              </Button>
            </div>
          </div>
        </Alert>
      )}
    </DialogContent>
  );
}
