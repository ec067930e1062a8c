// Settings, Connected Platforms: verified connections (YouTube, Visionary)
// with connect and disconnect, and an editor for the platforms the creator reports themselves. Saving
// sends the whole socialMediaData map; the server keeps verified entries as they are.
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { PublicUser } from '../../../shared/schemas/auth';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Form } from '../../components/ui/form';
import { useReportUnsaved } from '../../components/unsaved-changes';
import {
  EMPTY_SELF_REPORTED_PLATFORM,
  PlatformConnections,
  readPlatformEntries,
  SelfReportedPlatformFields,
  type SelfReportedPlatformValues,
  selfReportedPlatformFormSchema,
} from '../platforms';
import { toastProfileUpdated, toastProfileUpdateFailed, useUpdateUser } from './api';

interface RowValues extends SelfReportedPlatformValues {
  /** The socialMediaData key this row came from; null for a row added here. */
  key: string | null;
}
interface EditorValues {
  rows: RowValues[];
}

function keyFor(row: { key: string | null; platform: string }): string {
  if (row.key) return row.key;
  const slug = row.platform
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return (slug || 'platform').slice(0, 50);
}

function editorSchema(verifiedKeys: ReadonlySet<string>) {
  return z
    .object({
      rows: z.array(selfReportedPlatformFormSchema.settings.extend({ key: z.string().nullable() })),
    })
    .superRefine(({ rows }, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        const key = keyFor(row);
        if (verifiedKeys.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: ['rows', index, 'platform'],
            message: 'This platform is connected above',
          });
        } else if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: ['rows', index, 'platform'],
            message: 'This platform is already listed',
          });
        }
        seen.add(key);
      });
    });
}

function rowsFrom(user: PublicUser): RowValues[] {
  return readPlatformEntries(user.socialMediaData)
    .filter((entry) => entry.selfReported)
    .map((entry) => ({
      key: entry.key,
      platform: entry.label,
      username: entry.data.username ?? '',
      followers: entry.data.followers,
      monthlyEarnings: entry.data.monthlyEarnings,
    }));
}

const EMPTY_ROW: RowValues = { key: null, ...EMPTY_SELF_REPORTED_PLATFORM };

function SelfReportedEditor({ user }: { user: PublicUser }) {
  const update = useUpdateUser(user.id);
  const entries = readPlatformEntries(user.socialMediaData);
  const verifiedKeys = new Set(entries.filter((e) => !e.selfReported).map((e) => e.key));
  const form = useForm<EditorValues>({
    // The schema's input type is looser than the editor's values (typed text before parsing); the cast
    // names the values the form holds, while the schema still decides what is valid (its messages name
    // the field).
    resolver: zodResolver(editorSchema(verifiedKeys)) as unknown as Resolver<EditorValues>,
    defaultValues: { rows: rowsFrom(user) },
  });
  useReportUnsaved('Connected Platforms', form.formState.isDirty);
  const rows = useFieldArray({ control: form.control, name: 'rows' });
  const headingId = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const focusAdd = useRef(false);

  // Removing a row takes its focused button with it; keep keyboard users in the editor.
  useEffect(() => {
    if (focusAdd.current) {
      focusAdd.current = false;
      addRef.current?.focus();
    }
  });

  const onSubmit = form.handleSubmit(({ rows: edited }) => {
    const socialMediaData: Record<string, unknown> = {};
    for (const entry of entries) {
      if (!entry.selfReported) socialMediaData[entry.key] = user.socialMediaData[entry.key];
    }
    for (const row of edited) {
      const previous = row.key
        ? (user.socialMediaData[row.key] as Record<string, unknown> | undefined)
        : undefined;
      socialMediaData[keyFor(row)] = {
        // Figures the editor does not show (engagement) survive an edit.
        ...(typeof previous?.engagement === 'number' ? { engagement: previous.engagement } : {}),
        platform: row.platform.trim(),
        username: row.username.trim() || undefined,
        followers: row.followers,
        monthlyEarnings: row.monthlyEarnings,
      };
    }
    update.mutate(
      { socialMediaData },
      {
        onSuccess: toastProfileUpdated,
        onError: toastProfileUpdateFailed,
      },
    );
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate aria-labelledby={headingId} className="grid gap-4">
        <div>
          <h3 id={headingId} className="text-sm font-semibold text-slate-900">
            Other platforms you report yourself
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            TikTok, Instagram, Patreon and others. We review these figures; they are not verified.
          </p>
        </div>
        {rows.fields.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-5 text-center text-sm text-slate-600">
            You have not listed any other platforms.
          </p>
        ) : (
          <ul className="grid gap-3">
            {rows.fields.map((row, index) => (
              <li key={row.id}>
                <fieldset className="grid gap-4 rounded-lg border border-border bg-white p-4">
                  <legend className="sr-only">Self-reported platform {index + 1}</legend>
                  <div className="flex items-center justify-between gap-2">
                    <Badge variant="warning">Self-reported</Badge>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove self-reported platform ${index + 1}`}
                      onClick={() => {
                        focusAdd.current = true;
                        rows.remove(index);
                      }}
                    >
                      <Trash2 aria-hidden="true" />
                      Remove
                    </Button>
                  </div>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <SelfReportedPlatformFields control={form.control} name={`rows.${index}`} />
                  </div>
                </fieldset>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
          <Button ref={addRef} variant="outline" onClick={() => rows.append({ ...EMPTY_ROW })}>
            <Plus aria-hidden="true" />
            Add Platform
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save Platform Changes
          </Button>
        </div>
      </form>
    </Form>
  );
}

export function PlatformsCard({ user }: { user: PublicUser }) {
  // Start the editor afresh whenever the saved self-reported platforms change (a save or a disconnect);
  // connecting YouTube or Visionary leaves it, and any unsaved edits, alone.
  const editorKey = JSON.stringify(rowsFrom(user));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Connected Platforms</CardTitle>
        <CardDescription>Verified connections and the other platforms you earn from.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <PlatformConnections showSelfReported={false} />
        <SelfReportedEditor key={editorKey} user={user} />
      </CardContent>
    </Card>
  );
}
