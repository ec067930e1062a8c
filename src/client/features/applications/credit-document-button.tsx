// "Download quote (PDF)" and "Download agreement (PDF)": the pre-agreement statement and quotation (National Credit
// Act s92, Form 20) of the quote on screen, or the agreement the creator accepted (s93), made on the server
// (docs/compliance.md). The button says it is busy while the file is made; a refusal is a toast with the server's
// message.
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { baseStatus } from '../../../shared/status-machine';
import { Button } from '../../components/ui/button';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { cn } from '../../lib/utils';
import { currentQuoteQueryOptions, useDownloadCreditDocument } from './api';

export function CreditDocumentButton({
  applicationId,
  quoteId,
  label,
  size = 'sm',
  className,
}: {
  applicationId: number;
  /** The quote whose pre-agreement statement to download; without it, the accepted agreement. */
  quoteId?: number;
  label?: string;
  size?: 'sm' | 'default';
  className?: string;
}) {
  const download = useDownloadCreditDocument();
  const text = label ?? (quoteId === undefined ? 'Download agreement (PDF)' : 'Download quote (PDF)');
  return (
    <Button
      type="button"
      variant="outline"
      size={size}
      className={cn('justify-self-start', className)}
      loading={download.isPending}
      onClick={() =>
        download.mutate(
          { applicationId, quoteId },
          {
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: 'Download failed',
                description: messageOf(error, 'Could not make the PDF'),
              }),
          },
        )
      }
    >
      {download.isPending ? null : <Download aria-hidden="true" />}
      {text}
    </Button>
  );
}

/** Statuses at which an application has a quote on its table (approved with a plan quoted, or later). */
const QUOTED = new Set(['approved', 'offered', 'accepted', 'active', 'completed', 'defaulted']);

/**
 * For an admin's Application Details: the quote on the creator's table as its pre-agreement statement, or, once
 * accepted, the agreement. Nothing while there is no quote (the query answers 404).
 */
export function QuoteDocumentButtons({
  application,
  className,
}: {
  application: { id: number; status: string };
  className?: string;
}) {
  const quote = useQuery({
    ...currentQuoteQueryOptions(application.id),
    enabled: QUOTED.has(baseStatus(application.status)),
  });
  if (!quote.data) return null;
  return quote.data.status === 'accepted' ? (
    <CreditDocumentButton applicationId={application.id} label="Agreement (PDF)" className={className} />
  ) : (
    <CreditDocumentButton
      applicationId={application.id}
      quoteId={quote.data.id}
      label="Quote (PDF)"
      className={className}
    />
  );
}
