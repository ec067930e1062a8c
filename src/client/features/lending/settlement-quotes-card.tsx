// Open settlement quotes (early settlement): the quotes creators asked for that still hold today,
// so the admin knows which payments to watch for, and records one when it arrives. A table from md up,
// one card per quote on phones (nothing scrolls sideways at 390 px).
import { HandCoins, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import type { OpenSettlementQuote } from '../../../shared/schemas/servicing';
import { EmptyState } from '../../components/empty-state';
import { QueryErrorPanel } from '../../components/query-error-panel';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { formatDate, formatZar } from '../../lib/format';
import { useOpenSettlementQuotes } from './lending-api';

export function SettlementQuotesCard({
  onRecord,
  className,
}: {
  onRecord: (quote: OpenSettlementQuote) => void;
  className?: string;
}) {
  const quotes = useOpenSettlementQuotes();
  const data = quotes.data;

  let body: ReactNode;
  if (quotes.isPending) {
    body = (
      <div role="status" className="grid gap-2">
        <span className="sr-only">Loading settlement quotes…</span>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  } else if (!data) {
    body = <QueryErrorPanel query={quotes} fallback="Failed to fetch settlement quotes" />;
  } else if (data.length === 0) {
    body = (
      <EmptyState icon={<Inbox aria-hidden="true" />} title="No open settlement quotes" className="py-8">
        <p>When a creator asks to settle early, the quote shows here until it is paid or expires.</p>
      </EmptyState>
    );
  } else {
    body = <QuoteRows quotes={data} onRecord={onRecord} />;
  }

  return (
    <Card className={className} data-testid="settlement-quotes">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <HandCoins className="size-5 text-emerald-700" aria-hidden="true" />
          Open settlement quotes
        </CardTitle>
        <CardDescription>
          Early settlements creators have asked for, valid until the date shown. Record one when its payment
          arrives: it closes the loan.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function RecordButton({
  quote,
  onRecord,
  describedBy,
  className,
}: {
  quote: OpenSettlementQuote;
  onRecord: (quote: OpenSettlementQuote) => void;
  /** The client's name beside it, so "Record settlement" says whose. */
  describedBy: string;
  className?: string;
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      className={className}
      aria-describedby={describedBy}
      onClick={() => onRecord(quote)}
    >
      Record settlement
    </Button>
  );
}

function QuoteRows({
  quotes,
  onRecord,
}: {
  quotes: OpenSettlementQuote[];
  onRecord: (quote: OpenSettlementQuote) => void;
}) {
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <caption className="sr-only">Open settlement quotes</caption>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead scope="col">Client</TableHead>
              <TableHead scope="col">Reference</TableHead>
              <TableHead scope="col" className="text-right">
                Amount
              </TableHead>
              <TableHead scope="col">Valid until</TableHead>
              <TableHead scope="col" className="text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {quotes.map((quote) => (
              <TableRow key={quote.id} data-testid={`quote-row-${quote.id}`}>
                <TableCell className="max-w-64">
                  <div id={`quote-${quote.id}-client`} className="grid">
                    <span className="truncate font-medium text-slate-900" title={quote.clientName}>
                      {quote.clientName}
                    </span>
                    <span className="truncate text-xs text-slate-500" title={quote.clientEmail}>
                      {quote.clientEmail} · #{quote.applicationId}
                    </span>
                  </div>
                </TableCell>
                <TableCell className="font-mono whitespace-nowrap" data-testid="quote-reference">
                  {quote.reference}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums" data-testid="quote-amount">
                  {formatZar(quote.amount)}
                </TableCell>
                <TableCell className="whitespace-nowrap" data-testid="quote-valid-until">
                  {formatDate(quote.validUntil)}
                </TableCell>
                <TableCell className="text-right">
                  <RecordButton quote={quote} onRecord={onRecord} describedBy={`quote-${quote.id}-client`} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid gap-3 md:hidden" aria-label="Open settlement quotes">
        {quotes.map((quote) => (
          <li
            key={quote.id}
            data-testid={`quote-card-${quote.id}`}
            className="grid grid-cols-1 gap-2 rounded-lg border border-border p-3 text-sm"
          >
            <div id={`quote-${quote.id}-card-client`} className="grid min-w-0">
              <span className="font-semibold wrap-anywhere text-slate-900">{quote.clientName}</span>
              <span className="text-xs break-all text-slate-500">
                {quote.clientEmail} · #{quote.applicationId}
              </span>
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">Amount</dt>
                <dd className="font-semibold text-slate-900 tabular-nums" data-testid="quote-amount">
                  {formatZar(quote.amount)}
                </dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">Valid until</dt>
                <dd className="font-medium text-slate-900" data-testid="quote-valid-until">
                  {formatDate(quote.validUntil)}
                </dd>
              </div>
              <div className="col-span-2 min-w-0">
                <dt className="text-xs text-slate-500">Reference</dt>
                <dd className="font-mono break-all text-slate-900" data-testid="quote-reference">
                  {quote.reference}
                </dd>
              </div>
            </dl>
            <RecordButton
              quote={quote}
              onRecord={onRecord}
              describedBy={`quote-${quote.id}-card-client`}
              className="w-full"
            />
          </li>
        ))}
      </ul>
    </>
  );
}
