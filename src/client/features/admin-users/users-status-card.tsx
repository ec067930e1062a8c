// The status card of /admin/users/{id} (spec sections 3 "User" and 4 "User status"): active, suspended or
// deleted, with when and why it last changed. Suspending or deleting needs a reason (the shared
// adminUserPatchSchema) and ends all of the user's sessions on the server; an admin cannot change their own.
import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, RotateCcw, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { USER_STATUSES, type UserStatus } from '../../../shared/constants';
import { adminUserPatchSchema } from '../../../shared/schemas/admin';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../components/ui/form';
import { Textarea } from '../../components/ui/textarea';
import { useUser } from '../../lib/session';
import type { AdminUserDetail } from './users-api';
import { useSaveAdminUser } from './users-role-select';
import { formatDateTime, fullName } from './users-selectors';
import { UserStatusBadge } from './users-status-badge';

interface StatusAction {
  button: string;
  icon: typeof Ban;
  variant: 'outline' | 'destructive';
  title: string;
  describe: (name: string) => string;
  confirm: string;
  pending: string;
  reasonRequired: boolean;
}

const ACTIONS: Record<UserStatus, StatusAction> = {
  active: {
    button: 'Reactivate user',
    icon: RotateCcw,
    variant: 'outline',
    title: 'Reactivate user',
    describe: (name) => `${name} can sign in and use the platform again.`,
    confirm: 'Reactivate',
    pending: 'Reactivating...',
    reasonRequired: false,
  },
  suspended: {
    button: 'Suspend user',
    icon: Ban,
    variant: 'outline',
    title: 'Suspend user',
    describe: (name) =>
      `${name} is signed out everywhere at once and cannot sign in until you reactivate the account.`,
    confirm: 'Suspend',
    pending: 'Suspending...',
    reasonRequired: true,
  },
  deleted: {
    button: 'Delete user',
    icon: Trash2,
    variant: 'destructive',
    title: 'Delete user',
    describe: (name) =>
      `${name}'s account is closed and signed out everywhere. Their applications and payment history are kept, and you can reactivate the account later.`,
    confirm: 'Delete',
    pending: 'Deleting...',
    reasonRequired: true,
  },
};

function StatusDialog({
  user,
  target,
  onOpenChange,
}: {
  user: AdminUserDetail;
  target: UserStatus | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { save, update } = useSaveAdminUser();
  const form = useForm({
    resolver: zodResolver(adminUserPatchSchema),
    defaultValues: { status: target ?? undefined, reason: '' },
  });
  const open = target !== null;
  // Keep the last action's words while the dialog animates closed.
  const last = useRef<UserStatus>('suspended');
  if (target) last.current = target;
  const action = ACTIONS[target ?? last.current];
  const name = fullName(user);

  useEffect(() => {
    if (target) form.reset({ status: target, reason: '' });
  }, [target, form]);

  const onSubmit = form.handleSubmit(({ status, reason }) => {
    if (!status) return;
    save(
      user,
      { status, reason: reason || undefined },
      (saved) => `${fullName(saved)} is now ${saved.status}.`,
      () => onOpenChange(false),
    );
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && update.isPending) return;
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{action.title}</DialogTitle>
          <DialogDescription>
            {action.describe(name)} The reason is kept in the status card and the admin-actions log.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} className="grid gap-5" noValidate>
            <FormField
              control={form.control}
              name="reason"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{action.reasonRequired ? 'Reason' : 'Reason (optional)'}</FormLabel>
                  <FormControl>
                    <Textarea
                      {...field}
                      value={field.value ?? ''}
                      rows={4}
                      required={action.reasonRequired}
                      maxLength={1000}
                      placeholder={
                        action.reasonRequired
                          ? 'For example: documents under review'
                          : 'Add a note for the record'
                      }
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline" disabled={update.isPending}>
                  Back
                </Button>
              </DialogClose>
              <Button
                type="submit"
                variant={action.reasonRequired ? 'destructive' : 'default'}
                loading={update.isPending}
              >
                {update.isPending ? action.pending : action.confirm}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

export function UserStatusCard({ user }: { user: AdminUserDetail }) {
  const me = useUser();
  const [target, setTarget] = useState<UserStatus | null>(null);
  const isSelf = me?.id === user.id;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Account status</CardTitle>
        <CardDescription>Suspending or deleting signs the user out everywhere at once.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-600">Status</dt>
          <dd data-testid="user-status">
            <UserStatusBadge status={user.status} />
          </dd>
          <dt className="text-slate-600">Last changed</dt>
          <dd className="font-medium text-slate-900">{formatDateTime(user.lastStatusChange, 'Never')}</dd>
          <dt className="text-slate-600">Reason</dt>
          <dd
            className="font-medium text-slate-900 [overflow-wrap:anywhere]"
            data-testid="user-status-reason"
          >
            {user.statusChangeReason?.trim() || '-'}
          </dd>
        </dl>
        {isSelf ? (
          <p className="text-sm text-slate-600">You cannot suspend or delete your own account.</p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {USER_STATUSES.filter((status) => status !== user.status).map((status) => {
              const action = ACTIONS[status];
              const Icon = action.icon;
              return (
                <Button
                  key={status}
                  size="sm"
                  variant={action.variant}
                  className="flex-1 sm:flex-none"
                  onClick={() => setTarget(status)}
                >
                  <Icon aria-hidden="true" />
                  {action.button}
                </Button>
              );
            })}
          </div>
        )}
      </CardContent>
      <StatusDialog user={user} target={target} onOpenChange={(open) => !open && setTarget(null)} />
    </Card>
  );
}
