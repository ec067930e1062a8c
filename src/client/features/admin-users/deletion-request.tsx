// A creator's request to be forgotten, as admins see it (docs/privacy.md): a badge in the Users list while it
// waits for a loan to close, and a notice on the user's page (waiting, or already carried out).
import { ShieldOff } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { formatDate } from '../../lib/format';

export function DeletionRequestBadge({ requestedAt }: { requestedAt: string | null }) {
  if (!requestedAt) return null;
  return (
    <Badge variant="warning" className="whitespace-nowrap" title={`Asked on ${formatDate(requestedAt)}`}>
      Deletion requested
    </Badge>
  );
}

export function DeletionRequestNotice({
  user,
}: {
  user: { deletionRequestedAt: string | null; anonymisedAt: string | null };
}) {
  if (user.anonymisedAt) {
    return (
      <Alert variant="info" data-testid="deletion-notice">
        <ShieldOff aria-hidden="true" />
        <div className="grid gap-1">
          <AlertTitle>Personal data erased on {formatDate(user.anonymisedAt)}</AlertTitle>
          <AlertDescription>
            The creator deleted their account. Their applications, payments and the ledger are kept without
            their name, e-mail or bank details.
          </AlertDescription>
        </div>
      </Alert>
    );
  }
  if (!user.deletionRequestedAt) return null;
  return (
    <Alert variant="warning" data-testid="deletion-notice">
      <ShieldOff aria-hidden="true" />
      <div className="grid gap-1">
        <AlertTitle>Deletion requested on {formatDate(user.deletionRequestedAt)}</AlertTitle>
        <AlertDescription>
          The creator asked to delete their account while money is owed. Their personal data is erased
          automatically when their open financing is repaid; nothing is needed from you.
        </AlertDescription>
      </div>
    </Alert>
  );
}
