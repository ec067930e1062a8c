// Add Platform: name, description, website and logo, validated with the
// shared platformCreateSchema. A name already taken is refused by the server (409) and shown on the field.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { platformCreateSchema } from '../../../shared/schemas/platform-management';
import { FormDialog, FormDialogContent } from '../../components/form-dialog';
import { TextareaField, TextField, UrlField } from '../../components/form-fields';
import { toast } from '../../hooks/use-toast';
import type { Platform } from '../../lib/admin-queries';
import { ApiError, messageOf } from '../../lib/api';
import { applyServerErrors } from '../../lib/form-errors';
import { useCreatePlatform } from './admin-api';

type PlatformValues = z.input<typeof platformCreateSchema>;
const FIELDS = ['name', 'description', 'websiteUrl', 'logoUrl'] as const;

export function AddPlatformDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (platform: Platform) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <PlatformContent
          onDone={(platform) => {
            onCreated(platform);
            onOpenChange(false);
          }}
        />
      ) : null}
    </FormDialog>
  );
}

function PlatformContent({ onDone }: { onDone: (platform: Platform) => void }) {
  const create = useCreatePlatform();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<PlatformValues, unknown, z.output<typeof platformCreateSchema>>({
    resolver: zodResolver(platformCreateSchema),
    defaultValues: { name: '', description: '', websiteUrl: '', logoUrl: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    create.mutate(values, {
      onSuccess: (platform) => {
        toast({ title: 'Platform created', description: `${platform.name} can now be selected.` });
        onDone(platform);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          // A duplicate name: the server's words, under the field that caused it.
          form.setError('name', { message: error.message }, { shouldFocus: true });
        } else if (applyServerErrors(form, error, FIELDS).length === 0) {
          setServerError(messageOf(error, 'Failed to create platform'));
        }
        toast({
          variant: 'destructive',
          title: 'Failed to create platform',
          description: messageOf(error, 'Failed to create platform'),
        });
      },
    });
  });

  return (
    <FormDialogContent
      className="max-w-md"
      busy={create.isPending}
      title="Add Platform"
      description={<>A content platform creators can connect and admins can filter by.</>}
      form={form}
      onSubmit={onSubmit}
      formLabel="Add Platform"
      formClassName="grid gap-4"
      error={{ title: 'Failed to create platform', message: serverError }}
      submitLabel="Add Platform"
    >
      <TextField control={form.control} name="name" label="Name" maxLength={50} />
      <TextareaField control={form.control} name="description" label="Description (optional)" rows={2} />
      <UrlField control={form.control} name="websiteUrl" label="Website URL (optional)" />
      <UrlField control={form.control} name="logoUrl" label="Logo URL (optional)" />
    </FormDialogContent>
  );
}
