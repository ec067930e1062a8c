// The Admin Panel's way to the queue: "Approvals" with the number of requests waiting, read with the queue's own query.
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '../../components/ui/button';
import { useApprovals } from './approvals-api';

export function ApprovalsLink() {
  const waiting = useApprovals('pending').data?.pendingCount ?? 0;
  return (
    <Link to="/admin/approvals" className={buttonVariants({ variant: 'outline' })}>
      <ShieldCheck aria-hidden="true" />
      Approvals
      {waiting > 0 ? (
        <span className="rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900">
          {waiting}
          <span className="sr-only"> waiting</span>
        </span>
      ) : null}
    </Link>
  );
}
