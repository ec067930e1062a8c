// "Settle early": what settling means, then a quote from the server with the amount (the
// principal owed and the charge earned to today; the charge not earned is dropped and shown as the saving; no fee),
// a payment reference, the bank details and a validity date (5 business days). An open quote for today's balance
// is shown straight away; asking again gives the same one.
import Decimal from 'decimal.js';
import { AlertTriangle, HandCoins } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { PRODUCT_NAME } from '../../../shared/constants';
import type { SettlementQuoteView } from '../../../shared/schemas/servicing';
import { CopyButton } from '../../components/copy-button';
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
  DialogTrigger,
} from '../../components/ui/dialog';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { formatDate, formatZar } from '../../lib/format';
import { useRequestSettlementQuote } from './servicing-api';

interface SettleEarlyProps {
  applicationId: number;
  /** The plan's name, for the dialog's description and the trigger's accessible description. */
  name: string;
  headingId: string;
  /** The remaining balance today (the schedule's), as a money string. */
  remaining: string | null;
  /** The open quote from the servicing query, if there is one. */
  openQuote: SettlementQuoteView | null | undefined;
  currency?: string | null;
}

const sameAmount = (a: string, b: string | null) => b !== null && new Decimal(a).equals(b);

export function SettleEarlyDialog(props: SettleEarlyProps) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button writes variant="outline" size="sm" aria-describedby={props.headingId}>
          <HandCoins aria-hidden="true" />
          Settle early
        </Button>
      </DialogTrigger>
      <SettleEarlyContent {...props} />
    </Dialog>
  );
}

function QuoteRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 border-b border-slate-100 py-1.5 last:border-b-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 text-right font-medium [overflow-wrap:anywhere] text-slate-900">{children}</dd>
    </div>
  );
}

function QuoteDetails({ quote, currency }: { quote: SettlementQuoteView; currency?: string | null }) {
  return (
    <div className="grid gap-4" data-testid="settlement-quote">
      <div className="grid gap-1 rounded-lg bg-emerald-50 p-4 text-emerald-950">
        <p className="text-sm">Pay this amount to settle your financing</p>
        <p className="text-3xl font-bold tabular-nums" data-testid="settlement-amount">
          {formatZar(quote.amount, { currency })}
        </p>
        <p className="text-sm font-medium">Valid until {formatDate(quote.validUntil)}</p>
        {Number(quote.rebate) > 0 ? (
          <p className="text-sm font-semibold" data-testid="settlement-saving">
            You save {formatZar(quote.rebate, { currency })} of finance charge not yet earned
          </p>
        ) : null}
      </div>
      <section aria-labelledby="settlement-made-of" className="grid gap-1">
        <h3 id="settlement-made-of" className="text-sm font-semibold text-slate-900">
          What it is made of
        </h3>
        <dl className="text-sm">
          <QuoteRow label="Principal still owed">{formatZar(quote.principal, { currency })}</QuoteRow>
          <QuoteRow label="Finance charge earned to date">
            {formatZar(quote.accruedCharge, { currency })}
          </QuoteRow>
          <QuoteRow label="Fees and penalties">{formatZar('0', { currency })}</QuoteRow>
          <QuoteRow label="Finance charge dropped">{formatZar(quote.rebate, { currency })}</QuoteRow>
        </dl>
      </section>
      <section aria-labelledby="settlement-payment" className="grid gap-1">
        <h3 id="settlement-payment" className="text-sm font-semibold text-slate-900">
          How to pay
        </h3>
        <dl className="text-sm">
          <QuoteRow label="Payment reference">
            <span className="inline-flex flex-wrap items-center justify-end gap-1">
              <span className="font-mono" data-testid="settlement-reference">
                {quote.reference}
              </span>
              <CopyButton text={quote.reference} label="Copy reference" />
            </span>
          </QuoteRow>
          <QuoteRow label="Bank">{quote.bank.bankName}</QuoteRow>
          <QuoteRow label="Account name">{quote.bank.accountName}</QuoteRow>
          <QuoteRow label="Account number">
            <span className="font-mono">{quote.bank.accountNumber}</span>
          </QuoteRow>
          <QuoteRow label="Branch code">
            <span className="font-mono">{quote.bank.branchCode}</span>
          </QuoteRow>
        </dl>
      </section>
      <p className="text-sm text-slate-600">
        Use the reference exactly as shown so we can match your payment. Your financing closes when the
        payment arrives, and we will e-mail you to confirm. After {formatDate(quote.validUntil)}, ask for a
        new quote.
      </p>
    </div>
  );
}

function SettleEarlyContent({ applicationId, name, remaining, openQuote, currency }: SettleEarlyProps) {
  const request = useRequestSettlementQuote(applicationId);
  const [error, setError] = useState<string | null>(null);
  // A quote only settles the balance it was made for: after a payment the server makes a new one.
  const current =
    openQuote && sameAmount(new Decimal(openQuote.amount).plus(openQuote.rebate).toFixed(2), remaining)
      ? openQuote
      : null;
  const quote = request.data?.quote ?? current;

  const ask = () => {
    setError(null);
    request.mutate(undefined, {
      onError: (failure) => {
        const message = messageOf(failure, 'Could not get a settlement quote');
        // Repeated in the dialog: the toast region is hidden from assistive technology behind a modal.
        setError(message);
        toast({ variant: 'destructive', title: 'Settlement quote failed', description: message });
      },
    });
  };

  return (
    <DialogContent className="max-w-lg" busy={request.isPending}>
      <DialogHeader>
        <DialogTitle>Settle early</DialogTitle>
        <DialogDescription>
          {name}: pay off the whole balance in one payment and close your financing.
        </DialogDescription>
      </DialogHeader>

      {quote ? (
        <QuoteDetails quote={quote} currency={currency} />
      ) : (
        <div className="grid gap-3 text-sm text-slate-700">
          <p>
            Settling early means paying what you still owe of the amount you received, and the finance charge
            earned up to today: less than your remaining balance of{' '}
            <strong className="whitespace-nowrap text-slate-900">{formatZar(remaining, { currency })}</strong>
            , because the charge for the time you no longer need the money is dropped. There is no fee or
            penalty of any kind.
          </p>
          <p>
            Get a quote: the exact amount, a payment reference, {PRODUCT_NAME}&apos;s bank details and the
            date the quote is valid until.
          </p>
          {openQuote && !current ? (
            <p>Your balance has changed since your last quote, so that quote no longer applies.</p>
          ) : null}
        </div>
      )}

      {error ? (
        <Alert variant="destructive" role="alert">
          <AlertTriangle aria-hidden="true" />
          <div className="grid gap-1">
            <AlertTitle>No quote</AlertTitle>
            <AlertDescription>{error}</AlertDescription>
          </div>
        </Alert>
      ) : null}

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={request.isPending}>
            Close
          </Button>
        </DialogClose>
        {quote ? null : (
          <Button onClick={ask} loading={request.isPending}>
            Get settlement quote
          </Button>
        )}
      </DialogFooter>
    </DialogContent>
  );
}
