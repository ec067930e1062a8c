// 'Review Offer' (docs/lending.md, "The quote is the contract"): an admin's setup is an offer the creator reads and
// accepts before anything is paid out. The dialog reads the stored offer (GET /api/applications/{id}/quote), shows
// every figure of it with the agreement, and 'Accept Offer' accepts exactly that quote (POST .../accept {quoteId}).
// The payout to the bank account on file follows; without one on file, the creator is told where to add it.
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { bankAccountText } from '../../../shared/bank-account';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { ServerError } from '../../components/server-error';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { formatDateLong, formatZarWhole } from '../../lib/format';
import { useUser } from '../../lib/session';
import { useAcceptQuote, useCurrentQuote } from './api';
import { CreditDocumentButton } from './credit-document-button';
import { Figure } from './figure';
import { InstalmentDates } from './instalment-dates';
import { NoBankAccountNote } from './payout-notes';
import { quoteText } from './plan-figures';
import { RepaymentAgreementDialog } from './repayment-agreement-dialog';
import { applicationDisplayName, financedAmount, quoteAcceptable } from './selectors';
import { TermsCheckbox } from './terms-checkbox';
import { TopUpNote } from './top-up-note';
import type { ListedApplication, StoredQuote } from './types';

export function OfferDialog({
  application,
  onOpenChange,
  onCloseAutoFocus,
}: {
  application: ListedApplication | null;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (it has no trigger to return to). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={application !== null} onOpenChange={onOpenChange}>
      {application ? (
        <OfferContent
          key={application.id}
          application={application}
          onDone={() => onOpenChange(false)}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      ) : null}
    </Dialog>
  );
}

function OfferContent({
  application,
  onDone,
  onCloseAutoFocus,
}: {
  application: ListedApplication;
  onDone: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const query = useCurrentQuote(application.id);
  const accept = useAcceptQuote();
  const user = useUser();
  const payoutAccount = user ? bankAccountText(user.bankName, user.accountNumber) : null;
  const [agreed, setAgreed] = useState(false);
  // Also shown in the dialog: the toast region is hidden from assistive technology behind a modal dialog.
  const [serverError, setServerError] = useState<string | null>(null);
  const offer = query.data;
  const acceptable = offer ? quoteAcceptable(offer) : false;
  const canSubmit = offer !== undefined && acceptable && agreed && !accept.isPending;

  const submit = () => {
    if (!canSubmit || !offer) return;
    setServerError(null);
    accept.mutate(
      { applicationId: application.id, quoteId: offer.id },
      {
        onSuccess: () => {
          toast({
            title: 'Offer accepted',
            description: payoutAccount
              ? `The payout to ${payoutAccount} is next; we e-mail you when it is made.`
              : 'The payout is next: add your bank details in Settings so we can make it.',
          });
          onDone();
        },
        onError: (error) => {
          const message = messageOf(error, 'The offer could not be accepted. Please try again.');
          setServerError(message);
          toast({ variant: 'destructive', title: 'Could not accept the offer', description: message });
        },
      },
    );
  };

  const currency = application.currency;

  return (
    <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus} busy={accept.isPending}>
      <DialogHeader>
        <DialogTitle>Review Offer</DialogTitle>
        <DialogDescription>
          {applicationDisplayName(application)} · financing of{' '}
          {formatZarWhole(financedAmount(application), { currency })}. Read the terms we offer you; nothing is
          paid out until you accept them.
        </DialogDescription>
      </DialogHeader>
      {application.topUp ? <TopUpNote topUp={application.topUp} /> : null}

      {query.isPending ? (
        <div role="status" aria-live="polite" className="grid gap-2">
          <span className="sr-only">Loading your offer…</span>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-4/6" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      ) : !offer ? (
        <QueryErrorPanel query={query} title="Your offer could not be loaded" fallback="Please try again." />
      ) : (
        <form
          className="grid gap-5"
          noValidate
          aria-label="Accept the offer"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <OfferFigures offer={offer} currency={currency} topUp={application.topUp !== null} />
          {acceptable ? null : (
            <Alert variant="warning" role="alert">
              <AlertTriangle aria-hidden="true" />
              <div className="grid gap-1">
                <AlertTitle>This offer can no longer be accepted</AlertTitle>
                <AlertDescription>
                  It held until {formatDateLong(offer.validUntil)}. Please ask us for a new one.
                </AlertDescription>
              </div>
            </Alert>
          )}
          {user && !payoutAccount ? <NoBankAccountNote /> : null}

          <div className="grid gap-3 rounded-lg bg-slate-50 p-4">
            <p className="text-sm text-slate-700" data-testid="quote-valid-until">
              This offer holds until <strong>{formatDateLong(offer.validUntil)}</strong>. Accepting it agrees
              to exactly these figures.
            </p>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <RepaymentAgreementDialog application={application} source={{ kind: 'offer', quote: offer }} />
              <CreditDocumentButton applicationId={application.id} quoteId={offer.id} />
            </div>
            <TermsCheckbox
              accepted={agreed}
              onAccept={setAgreed}
              disabled={accept.isPending || !acceptable}
            />
          </div>

          <ServerError title="Could not accept the offer" message={serverError} />

          {/* Kept in view while the figures scroll, as in the plan dialog. */}
          <DialogFooter className="sticky -bottom-6 z-10 -mx-6 -mb-6 border-t border-border bg-card px-6 py-4">
            <DialogClose asChild>
              <Button variant="outline" disabled={accept.isPending}>
                Back
              </Button>
            </DialogClose>
            <Button type="submit" disabled={!acceptable || !agreed} loading={accept.isPending}>
              Accept Offer
            </Button>
          </DialogFooter>
        </form>
      )}
    </DialogContent>
  );
}

/** Every figure of the offer, in the words the plan dialog and the statement use. */
function OfferFigures({
  offer,
  currency,
  topUp,
}: {
  offer: StoredQuote;
  currency: string | null;
  /** A top-up's payout settles the loan it tops up first: the note above says what reaches the creator. */
  topUp: boolean;
}) {
  const quote = quoteText(offer, currency);
  return (
    <div className="grid gap-3 rounded-lg border border-border p-4 text-sm">
      <dl className="grid gap-1.5">
        <Figure
          label="Amount financed"
          value={quote.amountFinanced}
          explanation={topUp ? 'Your current financing is settled from it first.' : 'Paid out to you.'}
        />
        <Figure
          label="Instalment"
          value={quote.instalmentAmount}
          explanation={`Plus the ${quote.instalmentFee} platform fee: ${quote.instalmentTotal} to pay each time. The last instalment may be smaller.`}
        />
        <Figure label="Number of instalments" value={quote.instalmentCount} />
        {quote.estimatedMonthlyWithholding ? (
          <Figure
            label="Estimated monthly withholding"
            value={quote.estimatedMonthlyWithholding}
            note="estimated"
            explanation="Withheld from your platform earnings as they arrive."
          />
        ) : null}
        <Figure
          label="Total payable"
          value={quote.totalPayable}
          explanation={`${quote.totalRepayable} in instalments and ${quote.platformFees} in platform fees.`}
        />
        <Figure
          label="Total cost of credit"
          value={quote.costOfCredit}
          explanation={`The finance charge of ${quote.financeCharge} plus the platform fees.`}
        />
        <Figure
          label="Annualised cost rate"
          value={quote.annualCostRate}
          explanation="The yearly rate of the cost with the fees, from the payout and each instalment with its fee on its due date."
        />
        <Figure label="First instalment due" value={quote.firstDueDate} />
        <Figure label="Last instalment due" value={quote.lastDueDate} />
        <Figure label="Valid until" value={formatDateLong(offer.validUntil)} />
      </dl>
      <InstalmentDates quote={quote} />
      {quote.ceilingNote ? (
        <p className="text-xs font-medium text-emerald-800" data-testid="ceiling-note">
          {quote.ceilingNote}
        </p>
      ) : null}
      <p className="text-xs text-slate-500">
        The due dates assume a payout on {quote.disbursementDate}; they count from the day the payout is made,
        with the same amounts. Settling early costs only the charge earned to that day, with no fee.
      </p>
    </div>
  );
}
