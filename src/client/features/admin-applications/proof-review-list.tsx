// Proofs of earnings in Application Details, with the admin's review: until a proof is verified the
// platforms it proves add at most one point to the score, so each file offers Verify and Reject. Reject asks for the
// reason first (kept with the review and in the audit trail) and is confirmed in its dialog. The server scores the
// open applications that cite it again; the dialog refetches and shows the new score.

import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Download, X } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PROOF_STATUS_LABELS, type ProofStatus } from '../../../shared/constants';
import {
  type ProofReviewDecision,
  type ProofReviewInput,
  proofReviewSchema,
} from '../../../shared/schemas/admin-applications';
import { FormDialogContent, FormDialogFor } from '../../components/form-dialog';
import { TextareaField } from '../../components/form-fields';
import { ProofStatusBadge } from '../../components/proof-status-badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { formatDate, formatFileSize } from '../../lib/format';
import type { ProofFileSummary } from './admin-types';
import { useReviewProof } from './applications-api';

/** The answer's reviewStatus is text (proofFileSummarySchema); the server writes only the three statuses. */
function proofStatus(reviewStatus: string): ProofStatus {
  return Object.hasOwn(PROOF_STATUS_LABELS, reviewStatus) ? (reviewStatus as ProofStatus) : 'pending';
}

export function ProofReviewList({ files }: { files: ProofFileSummary[] }) {
  const review = useReviewProof();
  const [rejecting, setRejecting] = useState<ProofFileSummary | null>(null);
  if (files.length === 0) return <p className="text-sm text-slate-600">No proofs of earnings uploaded.</p>;

  const decide = (
    file: ProofFileSummary,
    decision: ProofReviewDecision,
    reason?: string,
    onDone?: () => void,
  ) =>
    review.mutate(
      { id: file.id, decision, reason },
      {
        onSuccess: () => {
          onDone?.();
          toast({
            title: decision === 'verified' ? 'Proof verified' : 'Proof rejected',
            description: `${file.originalName}: open applications citing it were scored again.`,
          });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Review not saved',
            description: messageOf(error, 'Please try again.'),
          }),
      },
    );

  return (
    <>
      <ul className="grid gap-3 text-sm">
        {files.map((file) => {
          const busy = review.isPending && review.variables?.id === file.id;
          const deciding = busy ? review.variables?.decision : undefined;
          return (
            <li
              key={file.id}
              className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_auto] sm:items-center"
            >
              <div className="grid min-w-0 gap-1">
                <a
                  href={`/api/admin/proof-files/${file.id}`}
                  download={file.originalName}
                  className="inline-flex max-w-full items-center gap-2 rounded-md text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <Download className="size-4 shrink-0" aria-hidden="true" />
                  <span className="truncate">{file.originalName}</span>
                  <span className="shrink-0 text-slate-500">({formatFileSize(file.sizeBytes)})</span>
                </a>
                <div className="flex flex-wrap items-center gap-2 text-slate-600">
                  <ProofStatusBadge status={proofStatus(file.reviewStatus)} />
                  {file.reviewedAt ? <span>on {formatDate(file.reviewedAt)}</span> : null}
                  {file.reviewStatus === 'rejected' && file.reviewReason ? (
                    <span className="[overflow-wrap:anywhere]">Reason: {file.reviewReason}</span>
                  ) : null}
                  <span>
                    {file.platforms.length > 0
                      ? `For ${file.platforms.join(', ')}`
                      : 'Not cited by this application'}
                  </span>
                </div>
              </div>
              <div className="flex gap-2">
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={review.isPending || file.reviewStatus === 'verified'}
                  onClick={() => decide(file, 'verified')}
                  aria-label={`Verify ${file.originalName}`}
                >
                  {deciding === 'verified' ? <Spinner /> : <Check className="size-4" aria-hidden="true" />}
                  Verify
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={review.isPending || file.reviewStatus === 'rejected'}
                  onClick={() => setRejecting(file)}
                  aria-label={`Reject ${file.originalName}`}
                >
                  {deciding === 'rejected' ? <Spinner /> : <X className="size-4" aria-hidden="true" />}
                  Reject
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <FormDialogFor
        item={rejecting}
        itemKey={(f) => f.id}
        onOpenChange={(open) => !open && setRejecting(null)}
      >
        {(file, onDone) => (
          <RejectProofContent
            file={file}
            busy={review.isPending}
            onReject={(reason) => decide(file, 'rejected', reason, onDone)}
          />
        )}
      </FormDialogFor>
    </>
  );
}

/** The reason for rejecting a proof, asked before the rejection is sent: the shared schema checks it. */
function RejectProofContent({
  file,
  busy,
  onReject,
}: {
  file: ProofFileSummary;
  busy: boolean;
  onReject: (reason: string) => void;
}) {
  const form = useForm<ProofReviewInput>({
    resolver: zodResolver(proofReviewSchema),
    defaultValues: { decision: 'rejected', reason: '' },
  });
  return (
    <FormDialogContent
      title="Reject this proof?"
      description={`${file.originalName} will count for at most one point in the score of the applications that cite it, which are scored again. The reason is kept with the review and in the audit trail.`}
      form={form}
      onSubmit={form.handleSubmit((values) => onReject(values.reason ?? ''))}
      busy={busy}
      submitLabel="Reject proof"
      pendingLabel="Rejecting…"
      submitVariant="destructive"
    >
      <TextareaField
        control={form.control}
        name="reason"
        label="Reason"
        required
        placeholder="For example: the statement is not in the creator's name"
      />
    </FormDialogContent>
  );
}
