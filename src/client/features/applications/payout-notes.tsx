// Where the money goes between acceptance and payout (docs/lending.md, "Approval and payout"): an admin pays out
// only to the bank account on file, so the creator is told which account that is, or that one is missing and where
// to add it, wherever an accepted agreement or one about to be accepted is shown.
import { Landmark } from 'lucide-react';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { useUser } from '../../lib/session';
import { cn } from '../../lib/utils';
import { CreditDocumentButton } from './credit-document-button';
import { awaitedPayout } from './selectors';
import type { ListedApplication } from './types';

/** Settings opens on the bank details card. */
const BANK_DETAILS_PATH = '/settings#bank-details';

/** Before accepting: the payout needs a bank account on file (accepting is still allowed). */
export function NoBankAccountNote() {
  return (
    <Alert variant="info" data-testid="no-bank-account-note">
      <Landmark aria-hidden="true" />
      <div className="grid gap-1">
        <AlertTitle>No bank account on file yet</AlertTitle>
        <AlertDescription>
          We pay your financing out to your bank account, so the payout needs one.{' '}
          <Link to={BANK_DETAILS_PATH} className="font-medium underline underline-offset-4">
            Add your bank details in Settings
          </Link>
          . You can still accept now.
        </AlertDescription>
      </div>
    </Alert>
  );
}

/**
 * Accepted, waiting for the payout: 'Accepted — awaiting payout to FNB ..7890', or, without a bank account on file,
 * the same with the way to add one; and the agreement accepted, to download again. Nothing for any other status.
 */
export function AwaitingPayoutNote({
  application,
  className,
}: {
  application: Pick<ListedApplication, 'id' | 'status'>;
  className?: string;
}) {
  const user = useUser();
  const payout = awaitedPayout(application, user);
  if (!payout) return null;
  return (
    <div className={cn('grid gap-2', className)}>
      <p className="text-sm text-slate-700" data-testid="awaiting-payout">
        {payout.account ? (
          <>
            Accepted — awaiting payout to <span className="whitespace-nowrap">{payout.account}</span>.
          </>
        ) : (
          <>
            Accepted — awaiting payout. The payout needs a bank account:{' '}
            <Link to={BANK_DETAILS_PATH} className="font-medium text-primary underline underline-offset-4">
              add your bank details in Settings
            </Link>
            .
          </>
        )}
      </p>
      <CreditDocumentButton applicationId={application.id} />
    </div>
  );
}
