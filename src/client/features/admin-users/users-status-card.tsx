// The status card of /admin/users/{id}: active, suspended or
// deleted, with when and why it last changed. Suspending or deleting needs a reason (the shared
// adminUserPatchSchema) and ends all of the user's sessions on the server; an admin cannot change their own.
import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { USER_STATUSES, type UserStatus } from '../../../shared/constants';
import { adminUserPatchSchema } from '../../../shared/schemas/admin-users';
import { FormDialogContent, FormDialogFor } from '../../components/form-dialog';
import { TextareaField } from '../../components/form-fields';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { messageOf } from '../../lib/api';
import { formatZar } from '../../lib/format';
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
  return (
    <FormDialogFor item={target} itemKey={(t) => t} onOpenChange={onOpenChange}>
      {(t, onDone) => <StatusContent user={user} target={t} onDone={onDone} />}
    </FormDialogFor>
  );
}

function StatusContent({
  user,
  target,
  onDone,
}: {
  user: AdminUserDetail;
  target: UserStatus;
  onDone: () => void;
}) {
  const { save, update } = useSaveAdminUser();
  const form = useForm({
    resolver: zodResolver(adminUserPatchSchema),
    defaultValues: { status: target, reason: '' },
  });
  const action = ACTIONS[target];
  const name = fullName(user);

  const onSubmit = form.handleSubmit(({ status, reason }) => {
    if (!status) return;
    save(
      user,
      { status, reason: reason || undefined },
      (saved) => `${fullName(saved)} is now ${saved.status}.`,
      onDone,
    );
  });

  return (
    <FormDialogContent
      title={action.title}
      description={`${action.describe(name)} The reason is kept in the status card and the admin-actions log.`}
      form={form}
      onSubmit={onSubmit}
      busy={update.isPending}
      // The toast reports it too; the toast region is hidden from assistive technology behind the dialog.
      error={{
        title: 'Update failed',
        message: update.isError ? messageOf(update.error, 'Failed to update user') : null,
      }}
      cancelLabel="Back"
      submitLabel={action.confirm}
      pendingLabel={action.pending}
      submitVariant={action.reasonRequired ? 'destructive' : 'default'}
    >
      <TextareaField
        control={form.control}
        name="reason"
        label={action.reasonRequired ? 'Reason' : 'Reason (optional)'}
        required={action.reasonRequired}
        placeholder={
          action.reasonRequired ? 'For example: documents under review' : 'Add a note for the record'
        }
      />
    </FormDialogContent>
  );
}

export function UserStatusCard({
  user,
  owed,
}: {
  user: AdminUserDetail;
  /** What the creator still owes (balanceOwed): a borrower with a balance is not offered Delete, as the server refuses it. */
  owed: { total: string; loans: number[] } | null;
}) {
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
            {USER_STATUSES.filter((status) => status !== user.status && !(status === 'deleted' && owed)).map(
              (status) => {
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
              },
            )}
          </div>
        )}
        {!isSelf && owed && user.status !== 'deleted' ? (
          <p className="text-sm text-slate-600" data-testid="delete-refused">
            Owes {formatZar(owed.total)} on {owed.loans.map((id) => `loan #${id}`).join(', ')}: a borrower
            with a balance cannot be deleted. Suspend the account instead.
          </p>
        ) : null}
      </CardContent>
      <StatusDialog user={user} target={target} onOpenChange={(open) => !open && setTarget(null)} />
    </Card>
  );
}
