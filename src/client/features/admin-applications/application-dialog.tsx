import type { ReactNode } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
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
    <FormDialog open={applicationId !== null} onOpenChange={onOpenChange}>
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
    </FormDialog>
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
        <QueryErrorPanel query={details} fallback="Failed to fetch the application" />
      )}
    </DialogContent>
  );
}
