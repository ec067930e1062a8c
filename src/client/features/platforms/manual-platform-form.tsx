// Manual platform entry: every field and a proof of earnings are
// required; the proof is uploaded first and the entry carries its id into the application.
import { zodResolver } from '@hookform/resolvers/zod';
import { FileText, PenLine, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PROOF_FILE_MAX_BYTES } from '../../../shared/constants';
import type { ManualPlatformInput } from '../../../shared/schemas/applications';
import { PROOF_MIME_TYPES } from '../../../shared/schemas/platforms';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { formatZar } from '../../lib/format';
import { cn } from '../../lib/utils';
import { useUploadProofFile } from './api';
import { formatReportedCount } from './platform-entries';
import { PlatformOption } from './platform-option';
import { SelfReportedPlatformFields } from './self-reported-fields';
import {
  EMPTY_SELF_REPORTED_PLATFORM,
  type SelfReportedPlatformValues,
  selfReportedPlatformFormSchema,
} from './self-reported-platform';

/** A manual entry as the application form keeps it: the contract's fields plus the proof's name to show. */
export type ManualPlatformDraft = ManualPlatformInput & { proofFileName: string };

type EntryOutput = z.output<typeof selfReportedPlatformFormSchema.application>;
// The form holds what was typed (an empty number is undefined); the shared schema decides what is valid, with
// messages that name the field. The cast is needed because the schema's input type differs from those form values.
const entryResolver = zodResolver(selfReportedPlatformFormSchema.application) as unknown as Resolver<
  SelfReportedPlatformValues,
  unknown,
  EntryOutput
>;

/** The editor's values as the application sends a manual platform (POST /api/applications, manualPlatforms). */
function toManualPlatform(entry: EntryOutput): Omit<ManualPlatformInput, 'proofFileId'> {
  return {
    platform: entry.platform,
    username: entry.username,
    estimatedFollowers: entry.followers,
    estimatedRevenue: entry.monthlyEarnings,
  };
}

const ACCEPT = PROOF_MIME_TYPES.join(',');
const MAX_MB = Math.round(PROOF_FILE_MAX_BYTES / (1024 * 1024));
const PROOF_REQUIRED = 'Proof of earnings is required';

function isAcceptedProof(file: File): boolean {
  return (PROOF_MIME_TYPES as readonly string[]).includes(file.type);
}

function EntryForm({
  onAdd,
  onCancel,
}: {
  onAdd: (entry: ManualPlatformDraft) => void;
  onCancel: () => void;
}) {
  const upload = useUploadProofFile();
  const form = useForm<SelfReportedPlatformValues, unknown, EntryOutput>({
    resolver: entryResolver,
    defaultValues: EMPTY_SELF_REPORTED_PLATFORM,
  });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = { file: useId(), fileHint: useId(), fileError: useId() };

  useEffect(() => {
    form.setFocus('platform');
  }, [form]);

  const rejectFile = (title: string, description: string, fieldMessage: string) => {
    toast({ variant: 'destructive', title, description });
    setFileError(fieldMessage);
    fileRef.current?.focus();
  };

  const missingInformation = () =>
    toast({
      variant: 'destructive',
      title: 'Missing Information',
      description: 'Please fill in all fields and upload proof of earnings',
    });

  // handleSubmit marks the form submitted, so from then on each field is checked as it changes and its
  // error goes as soon as it is valid (react-hook-form's reValidateMode). The figures are checked before
  // the upload, so a typo never leaves an orphaned file on the server.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    void form.handleSubmit(
      (entry) => {
        if (!file) {
          missingInformation();
          setFileError(PROOF_REQUIRED);
          fileRef.current?.focus();
          return;
        }
        if (file.size > PROOF_FILE_MAX_BYTES) {
          rejectFile(
            'File too large',
            'Please upload a file smaller than 5MB',
            `The file must be at most ${MAX_MB} MB`,
          );
          return;
        }
        if (!isAcceptedProof(file)) {
          rejectFile(
            'Unsupported file',
            'Please upload a PDF or an image (PNG, JPEG, WebP or GIF).',
            'Upload a PDF or an image',
          );
          return;
        }
        setFileError(null);
        upload.mutate(file, {
          onSuccess: (proof) => {
            onAdd({
              ...toManualPlatform(entry),
              proofFileId: proof.id,
              proofFileName: proof.originalName || file.name,
            });
            toast({
              title: 'Platform Added',
              description: `${entry.platform} will be sent with your application.`,
            });
          },
          onError: (error) => {
            setFileError(messageOf(error, 'Upload failed'));
            toast({
              variant: 'destructive',
              title: 'Upload failed',
              description: messageOf(error, 'Upload failed'),
            });
          },
        });
      },
      () => {
        const values = form.getValues();
        const missing =
          values.platform.trim() === '' ||
          values.username.trim() === '' ||
          values.followers === undefined ||
          values.monthlyEarnings === undefined ||
          !file;
        if (missing) missingInformation();
        setFileError(file ? null : PROOF_REQUIRED);
      },
    )(event);
  };

  const fileDescribedBy = [ids.fileHint, fileError ? ids.fileError : null].filter(Boolean).join(' ');

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Manual platform">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelfReportedPlatformFields control={form.control} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.file} className={cn(fileError && 'text-destructive')}>
            Proof of earnings
          </Label>
          <Input
            key={fileInputKey}
            ref={fileRef}
            id={ids.file}
            type="file"
            accept={ACCEPT}
            aria-describedby={fileDescribedBy}
            aria-invalid={fileError ? true : undefined}
            className="h-auto cursor-pointer py-1.5 file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm file:font-medium file:text-slate-800"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setFileError(null);
            }}
          />
          <p id={ids.fileHint} className="text-sm text-muted-foreground">
            A statement or screenshot of your earnings: PDF or image, at most {MAX_MB} MB.
          </p>
          {fileError ? (
            <p id={ids.fileError} className="text-sm font-medium text-destructive">
              {fileError}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" loading={upload.isPending}>
            Add Platform
          </Button>
          <Button
            variant="ghost"
            disabled={upload.isPending}
            onClick={() => {
              form.reset(EMPTY_SELF_REPORTED_PLATFORM);
              setFile(null);
              setFileInputKey((k) => k + 1);
              onCancel();
            }}
          >
            Cancel
          </Button>
        </div>
      </form>
    </Form>
  );
}

function EntryList({
  entries,
  onRemove,
}: {
  entries: ManualPlatformDraft[];
  onRemove: (index: number) => void;
}) {
  if (entries.length === 0) return null;
  return (
    <ul className="grid gap-2" aria-label="Manual platforms for this application">
      {entries.map((entry, index) => (
        <li
          key={entry.proofFileId}
          className="flex flex-col gap-2 rounded-md border border-border bg-slate-50 p-3 sm:flex-row sm:items-center"
        >
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
              {entry.platform} <span className="font-normal text-slate-600">({entry.username})</span>
            </p>
            <p className="text-slate-700">
              {formatReportedCount(entry.estimatedFollowers)} followers · {formatZar(entry.estimatedRevenue)}{' '}
              a month
            </p>
            <p className="flex min-w-0 items-center gap-1 text-slate-600">
              <FileText className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{entry.proofFileName}</span>
            </p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            className="self-start sm:self-center"
            aria-label={`Remove ${entry.platform}`}
            onClick={() => onRemove(index)}
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function ManualPlatformOption({
  entries,
  onAdd,
  onRemove,
  error,
}: {
  entries: ManualPlatformDraft[];
  onAdd: (entry: ManualPlatformDraft) => void;
  onRemove: (index: number) => void;
  error?: string;
}) {
  const [open, setOpen] = useState(false);
  const openRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // Closing the panel removes the focused control; give focus back to the button that opened it.
  useEffect(() => {
    if (wasOpen.current && !open) openRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <PlatformOption
      icon={<PenLine />}
      title="Manual entry"
      description="Any other platform: enter your figures and upload proof of earnings. Reviewed by our team."
      action={
        open ? null : (
          <Button writes ref={openRef} variant="outline" onClick={() => setOpen(true)}>
            Add Manual Platform
          </Button>
        )
      }
    >
      <EntryList entries={entries} onRemove={onRemove} />
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {open ? (
        <EntryForm
          onAdd={(entry) => {
            onAdd(entry);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </PlatformOption>
  );
}
