// 'Choose Your Repayment Plan': the server's preview of the platform-earnings
// plan, the disabled credit card plan, the agreement, and the terms checkbox before 'Complete Setup'. The preview's
// quote is stored and holds a few business days; 'Complete Setup' accepts exactly it (docs/lending.md, "The quote is
// the contract"). Nothing is paid out then: an admin records the payout to the bank account on file next.
import { AlertTriangle, CreditCard, Wallet } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { bankAccountText } from '../../../shared/bank-account';
import { type CreatorPlanMethod, creditCardPlanTerms } from '../../../shared/finance/repayment-plan';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
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
import { formatDateLong, formatZar, formatZarWhole } from '../../lib/format';
import { useUser } from '../../lib/session';
import { cn } from '../../lib/utils';
import { usePreviewTerms, useSetupRepayment } from './api';
import { CreditDocumentButton } from './credit-document-button';
import { Figure } from './figure';
import { InstalmentDates } from './instalment-dates';
import { NoBankAccountNote } from './payout-notes';
import { monthsText, percentText, quoteText } from './plan-figures';
import { RepaymentAgreementDialog } from './repayment-agreement-dialog';
import { applicationDisplayName, financedAmount } from './selectors';
import { TermsCheckbox } from './terms-checkbox';
import { TopUpNote } from './top-up-note';
import type { ListedApplication } from './types';

function PlanOption({
  id,
  value,
  title,
  icon,
  checked,
  disabled,
  onSelect,
  badge,
  children,
}: {
  id: string;
  value: CreatorPlanMethod;
  title: string;
  icon: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onSelect: (value: CreatorPlanMethod) => void;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <label
      htmlFor={id}
      className={cn(
        'grid gap-3 rounded-lg border p-4 transition-colors',
        checked ? 'border-primary bg-emerald-50/60 ring-1 ring-primary' : 'border-border bg-white',
        disabled ? 'cursor-not-allowed bg-slate-50 opacity-75' : 'cursor-pointer hover:border-emerald-400',
      )}
    >
      <span className="flex items-center gap-3">
        <input
          id={id}
          type="radio"
          name="repayment-plan"
          value={value}
          checked={checked}
          disabled={disabled}
          onChange={() => onSelect(value)}
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-details`}
          className="size-4 shrink-0 accent-emerald-700"
        />
        <span className="text-emerald-700 [&_svg]:size-5" aria-hidden="true">
          {icon}
        </span>
        <span id={`${id}-title`} className="font-semibold whitespace-nowrap text-slate-900">
          {title}
        </span>
        {badge ? <span className="ml-auto">{badge}</span> : null}
      </span>
      <div id={`${id}-details`} className="text-sm">
        {children}
      </div>
    </label>
  );
}

interface RepaymentPlanDialogProps {
  application: ListedApplication | null;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes (it has no trigger to return to). */
  onCloseAutoFocus?: (event: Event) => void;
}

export function RepaymentPlanDialog({
  application,
  onOpenChange,
  onCloseAutoFocus,
}: RepaymentPlanDialogProps) {
  const open = application !== null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {application ? (
        <PlanDialogContent
          application={application}
          onDone={() => onOpenChange(false)}
          onCloseAutoFocus={onCloseAutoFocus}
        />
      ) : null}
    </Dialog>
  );
}

function PlanDialogContent({
  application,
  onDone,
  onCloseAutoFocus,
}: {
  application: ListedApplication;
  onDone: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const idBase = useId();
  const [method, setMethod] = useState<CreatorPlanMethod>('platform_earnings');
  const [accepted, setAccepted] = useState(false);
  const preview = usePreviewTerms(application.id, true);
  const setup = useSetupRepayment();
  const user = useUser();
  // The payout goes to the bank account on file; without one the plan can still be accepted, but not paid out.
  const payoutAccount = user ? bankAccountText(user.bankName, user.accountNumber) : null;
  const terms = preview.data;
  const currency = application.currency;
  const money = (value: string | undefined) => formatZar(value, { currency });

  useEffect(() => {
    if (preview.isError) {
      toast({
        variant: 'destructive',
        title: 'Preview Error',
        description: 'Could not calculate repayment preview',
      });
    }
  }, [preview.isError]);

  let creditCard: ReturnType<typeof creditCardPlanTerms> | null = null;
  try {
    creditCard = creditCardPlanTerms({ requestedAmount: application.requestedAmount });
  } catch {
    creditCard = null;
  }

  const planValid = method === 'platform_earnings' && terms !== undefined;
  const canSubmit = planValid && accepted && !setup.isPending;

  const submit = () => {
    if (!canSubmit) return;
    setup.mutate(
      { application, method, quoteId: terms?.quote.id },
      {
        onSuccess: () => {
          toast({
            title: 'Plan accepted',
            description: payoutAccount
              ? `Your repayment plan is accepted. The payout to ${payoutAccount} is next; we e-mail you when it is made.`
              : 'Your repayment plan is accepted. The payout is next: add your bank details in Settings so we can make it.',
          });
          onDone();
        },
        onError: (error) => {
          toast({
            variant: 'destructive',
            title: 'Setup failed',
            description: messageOf(error, 'Failed to set up repayment schedule'),
          });
        },
      },
    );
  };

  return (
    <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus} busy={setup.isPending}>
      <DialogHeader>
        <DialogTitle>Choose Your Repayment Plan</DialogTitle>
        <DialogDescription>
          {applicationDisplayName(application)} · financing of{' '}
          {formatZarWhole(financedAmount(application), { currency })}. Choose how you would like to repay it.
        </DialogDescription>
      </DialogHeader>
      {application.topUp ? <TopUpNote topUp={application.topUp} /> : null}

      <form
        className="grid gap-5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium text-slate-800">Repayment plan</legend>
          <PlanOption
            id={`${idBase}-platform`}
            value="platform_earnings"
            title="Platform Earnings"
            icon={<Wallet />}
            checked={method === 'platform_earnings'}
            onSelect={setMethod}
          >
            <EarningsPlanFigures application={application} preview={preview} />
          </PlanOption>
          <PlanOption
            id={`${idBase}-card`}
            value="credit_card"
            title="Credit Card"
            icon={<CreditCard />}
            checked={method === 'credit_card'}
            disabled
            onSelect={setMethod}
            badge={<Badge variant="secondary">Coming Soon</Badge>}
          >
            <div className="grid gap-2">
              <p className="text-slate-600">Twelve equal monthly card payments.</p>
              {creditCard ? (
                <dl className="grid gap-1">
                  <Figure label="Cost" value={percentText(creditCard.costPercentage)} />
                  <Figure label="Cost amount" value={money(creditCard.costAmount)} />
                  <Figure label="Total repayable" value={money(creditCard.totalAmount)} />
                  <Figure label="Monthly payment" value={money(creditCard.monthlyPayment)} />
                </dl>
              ) : null}
            </div>
          </PlanOption>
        </fieldset>

        {preview.isError ? <PreviewUnavailable preview={preview} /> : null}

        {user && !payoutAccount ? <NoBankAccountNote /> : null}

        <Acceptance
          application={application}
          terms={terms}
          accepted={accepted}
          onAccept={setAccepted}
          disabled={setup.isPending}
        />

        {/* Kept in view while the figures scroll (visible at 1280x800 without scrolling). */}
        <DialogFooter className="sticky -bottom-6 z-10 -mx-6 -mb-6 border-t border-border bg-card px-6 py-4">
          <DialogClose asChild>
            <Button variant="outline" disabled={setup.isPending}>
              Back
            </Button>
          </DialogClose>
          <Button type="submit" disabled={!planValid || !accepted} loading={setup.isPending}>
            Complete Setup
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

type PreviewQuery = ReturnType<typeof usePreviewTerms>;

/** The earnings plan's figures from the server's preview (and its quote), or where they are. */
function EarningsPlanFigures({
  application,
  preview,
}: {
  application: ListedApplication;
  preview: PreviewQuery;
}) {
  const terms = preview.data;
  const currency = application.currency;
  const quote = terms?.quote ? quoteText(terms.quote, currency) : null;
  const money = (value: string | undefined) => formatZar(value, { currency });
  return preview.isPending ? (
    <div role="status" aria-live="polite" className="grid gap-2">
      <span className="sr-only">Calculating your repayment preview…</span>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-4 w-4/6" />
      <Skeleton className="h-4 w-5/6" />
    </div>
  ) : preview.isError ? (
    <p className="text-slate-600">Figures unavailable.</p>
  ) : terms ? (
    <div className="grid gap-2">
      <p className="text-slate-600">Repaid automatically from a share of your platform earnings.</p>
      <dl className="grid gap-1">
        <Figure label="Cost" value={percentText(terms.costPercentage)} />
        <Figure label="Cost amount" value={money(terms.costAmount)} />
        <Figure label="Total repayable" value={money(terms.totalAmount)} />
        <Figure
          label="Instalment"
          value={money(terms.installmentAmount ?? terms.monthlyWithholding)}
          explanation="What falls due each month; the last instalment may be smaller."
        />
        {terms.estimatedMonthlyWithholding !== undefined ? (
          <Figure
            label="Estimated monthly withholding"
            value={money(terms.estimatedMonthlyWithholding)}
            note="estimated"
            explanation={`${percentText(terms.withholdingPercentage)} of your monthly revenue of ${money(application.monthlyRevenue)}.`}
          />
        ) : null}
        <Figure
          label="Number of instalments"
          value={terms.estimatedPeriod}
          note="monthly"
          explanation={`Estimated period: about ${monthsText(terms.estimatedPeriod)}, sooner if more is withheld.`}
        />
        {quote ? (
          <>
            <Figure
              label="Platform fees"
              value={quote.platformFees}
              explanation={`${quote.platformFeeRate} of each repayment: ${quote.instalmentFee} on a full instalment.`}
            />
            <Figure
              label="Total cost of credit"
              value={quote.costOfCredit}
              explanation={`The cost amount plus the platform fees; ${quote.totalPayable} paid in all.`}
            />
            <Figure
              label="Annualised cost rate"
              value={quote.annualCostRate}
              explanation="The yearly rate of the cost with the fees, from the payout today and each instalment with its fee on its due date."
            />
            <Figure label="First instalment due" value={quote.firstDueDate} />
            <Figure label="Last instalment due" value={quote.lastDueDate} />
          </>
        ) : null}
      </dl>
      {quote ? <InstalmentDates quote={quote} /> : null}
      {quote?.ceilingNote ? (
        <p className="text-xs font-medium text-emerald-800" data-testid="ceiling-note">
          {quote.ceilingNote}
        </p>
      ) : null}
      <p className="text-xs text-slate-500">
        Your instalment is the larger of one twelfth of the total and{' '}
        {percentText(terms.withholdingPercentage)} of your monthly revenue, rounded up to the rand. It is
        withheld from your platform earnings as they arrive; settling early costs only the charge earned to
        that day, with no fee.
      </p>
    </div>
  ) : null;
}

function PreviewUnavailable({ preview }: { preview: PreviewQuery }) {
  return (
    <Alert variant="destructive" role="alert">
      <AlertTriangle aria-hidden="true" />
      <div className="grid gap-2">
        <AlertTitle>Preview unavailable</AlertTitle>
        <AlertDescription>Could not generate repayment preview. Please try again later.</AlertDescription>
        <div>
          <Button
            variant="outline"
            size="sm"
            loading={preview.isFetching}
            onClick={() => void preview.refetch()}
          >
            Retry
          </Button>
        </div>
      </div>
    </Alert>
  );
}

/** The quote's validity, its documents, and the acceptance of its terms. */
function Acceptance({
  application,
  terms,
  accepted,
  onAccept,
  disabled,
}: {
  application: ListedApplication;
  terms: PreviewQuery['data'];
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
  disabled: boolean;
}) {
  return (
    <div className="grid gap-3 rounded-lg bg-slate-50 p-4">
      {terms?.quote.validUntil ? (
        <p className="text-sm text-slate-700" data-testid="quote-valid-until">
          This quote holds until <strong>{formatDateLong(terms.quote.validUntil)}</strong>. Accepting it
          agrees to exactly these figures.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <RepaymentAgreementDialog application={application} source={{ kind: 'plan', terms }} />
        {terms?.quote.id ? (
          <CreditDocumentButton applicationId={application.id} quoteId={terms.quote.id} />
        ) : null}
      </div>
      <TermsCheckbox accepted={accepted} onAccept={onAccept} disabled={disabled} />
    </div>
  );
}
