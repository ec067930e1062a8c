// Application Details' review part: the score with the parts and factors behind it and the creator's repayment
// history with Vuka (docs/credit-scoring.md), and, while the application waits for a decision, Approve and Reject.
// Each decision opens the Edit dialog at its step, at its own address (/admin/applications/4/approve): the approval
// asks for the amount, the rejection for the reason the creator reads, and nothing is saved before that
// confirmation.
import { Check, X } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { scoreSetByAdmin } from '../../../shared/scoring/score-source';
import { baseStatus } from '../../../shared/status-machine';
import { buttonVariants } from '../../components/ui/button';
import { decisionPath, returnHere } from '../../lib/application-dialog-routes';
import { cn } from '../../lib/utils';
import { RepaymentHistoryRow, ScoreBreakdownList } from '../applications';
import type { AdminApplicationDetails } from './admin-types';
import { statusChoices } from './application-filters';

type DetailsApplication = AdminApplicationDetails['application'];

export function ScoreSection({ application }: { application: DetailsApplication }) {
  const breakdown = application.creditScoreBreakdown;
  if (!breakdown) {
    return <p className="text-sm text-slate-600">This application has no score breakdown.</p>;
  }
  if (scoreSetByAdmin(application.creditScore, breakdown)) {
    return (
      <p className="text-sm text-slate-700" data-testid="details-score-set-by-admin">
        Set by an admin at {application.creditScore}/100. The automatic assessment gave {breakdown.total}/100.
      </p>
    );
  }
  return (
    <div className="grid gap-3" data-testid="details-score">
      <ScoreBreakdownList breakdown={breakdown} showFactors />
      {breakdown.history ? <RepaymentHistoryRow history={breakdown.history} /> : null}
    </div>
  );
}

/** Approve and Reject while the application is under review; nothing once decided. */
export function DecisionActions({ application }: { application: DetailsApplication }) {
  // Over the Applications tab or the Lending page, the decision opens over the same list, which keeps its view (its
  // search and filters are in the address); from anywhere else, over the Applications tab.
  const location = useLocation();
  const overList = /^\/admin\/(applications|lending)\//.test(location.pathname);
  const listView = overList ? location.search : '';
  if (baseStatus(application.status) !== 'pending_review') return null;
  const choices = statusChoices(application) as readonly string[];
  const link = (variant: 'default' | 'outline') =>
    cn(buttonVariants({ variant, size: 'sm' }), 'flex-1 sm:flex-none');
  return (
    <div className="flex flex-wrap gap-2" data-testid="details-decision">
      {choices.includes('approved') ? (
        <Link
          to={{ pathname: decisionPath('approve', application.id, location.pathname), search: listView }}
          state={returnHere(location)}
          className={link('default')}
        >
          <Check aria-hidden="true" />
          Approve…
        </Link>
      ) : null}
      {choices.includes('rejected') ? (
        <Link
          to={{ pathname: decisionPath('reject', application.id, location.pathname), search: listView }}
          state={returnHere(location)}
          className={cn(link('outline'), 'text-red-700 hover:bg-red-50 hover:text-red-800')}
        >
          <X aria-hidden="true" />
          Reject…
        </Link>
      ) : null}
    </div>
  );
}
