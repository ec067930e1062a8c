// The role dropdown (User or Admin, with the staff roles of
// docs/decisions/027-staff-roles.md), shared by the Users tab and the /admin/users/{id} screen. Picking User saves at
// once; picking a staff role asks first (it opens the admin panel to them, saying what the role may do), then saves.
// The server refuses an admin's own demotion (409), so the dropdown is disabled on the admin's own account.
import { useEffect, useRef, useState } from 'react';
import { USER_ROLES, type UserRole } from '../../../shared/constants';
import { isStaff, mayDo, STAFF_ROLE_DESCRIPTIONS, type StaffRole } from '../../../shared/staff-roles';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../hooks/use-toast';
import { messageOf } from '../../lib/api';
import { isPendingApproval, toastSentForApproval } from '../../lib/approvals';
import { useUser } from '../../lib/session';
import { cn } from '../../lib/utils';
import { type AdminUser, type AdminUserPatch, useUpdateAdminUser } from './users-api';
import { fullName, roleLabel } from './users-selectors';

function toastUserUpdated(description: string) {
  toast({ title: 'User updated', description });
}

function toastUserUpdateFailed(error: unknown) {
  toast({
    variant: 'destructive',
    title: 'Update failed',
    description: messageOf(error, 'Failed to update user'),
  });
}

/** PATCH with its toasts; `successText` words the success toast from the saved user. */
export function useSaveAdminUser() {
  const update = useUpdateAdminUser();
  const save = (
    user: Pick<AdminUser, 'id'>,
    patch: AdminUserPatch,
    successText: (saved: AdminUser) => string,
    onSaved?: () => void,
  ) =>
    update.mutate(
      { id: user.id, patch },
      {
        onSuccess: (answer) => {
          // A role change waits for a second admin: said so, and the role shown stays the stored one.
          if (isPendingApproval(answer)) toastSentForApproval(answer);
          else toastUserUpdated(successText(answer.user));
          onSaved?.();
        },
        onError: toastUserUpdateFailed,
      },
    );
  return { save, update };
}

/** "an Admin", "an Auditor", "a User", "a Collector": the role's label with its article (by sound: "a User"). */
const withArticle = (label: string) => `${/^(A|E|I|O|Un)/.test(label) ? 'an' : 'a'} ${label}`;

export function RoleSelect({
  user,
  className,
}: {
  /** A list row or a loaded user: the role as the server wrote it. */
  user: Pick<AdminUser, 'id' | 'firstName' | 'lastName'> & { role: string };
  className?: string;
}) {
  const me = useUser();
  const { save, update } = useSaveAdminUser();
  const pending = update.isPending && update.variables?.id === user.id;
  // While saving, show the role being saved; a failure falls back to the stored one.
  const shown = pending ? (update.variables?.patch.role ?? user.role) : user.role;
  const isSelf = me?.id === user.id;
  const name = fullName(user);

  // Making someone staff asks first. The select would hand focus back to its trigger as it closes; the
  // confirmation takes it instead, and gives it back to the trigger when it closes (once the save is done,
  // as the trigger is disabled meanwhile).
  const [confirming, setConfirming] = useState<StaffRole | null>(null);
  const [refocus, setRefocus] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const keepFocusOnClose = useRef(false);
  useEffect(() => {
    if (!refocus || pending) return;
    triggerRef.current?.focus();
    setRefocus(false);
  }, [refocus, pending]);

  const saveRole = (role: UserRole) =>
    save(user, { role }, (saved) => `${fullName(saved)} is now ${withArticle(roleLabel(saved.role))}.`);

  // Roles are granted by an admin only (the server says 403 to anyone else): other staff see the role as text.
  if (!me || !mayDo(me.role, 'administer'))
    return <span className={cn('text-sm text-slate-700', className)}>{roleLabel(user.role)}</span>;

  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Select
        value={shown}
        disabled={pending || isSelf}
        onValueChange={(role) => {
          if (role === user.role) return;
          if (isStaff(role)) {
            keepFocusOnClose.current = true;
            setConfirming(role);
            return;
          }
          saveRole(role as UserRole);
        }}
      >
        <SelectTrigger
          ref={triggerRef}
          aria-label={`Role of ${name}`}
          aria-busy={pending || undefined}
          title={isSelf ? 'You cannot change your own role' : undefined}
          className="h-9 w-44"
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent
          onCloseAutoFocus={(event) => {
            if (!keepFocusOnClose.current) return;
            keepFocusOnClose.current = false;
            event.preventDefault();
          }}
        >
          {USER_ROLES.map((role) => (
            <SelectItem key={role} value={role}>
              {roleLabel(role)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {pending ? <Spinner className="text-slate-500" label="Saving role…" /> : null}
      <AlertDialog open={confirming !== null} onOpenChange={(open) => (open ? null : setConfirming(null))}>
        <AlertDialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            setRefocus(true);
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>
              Make {name} {confirming ? withArticle(roleLabel(confirming)) : ''}?
            </AlertDialogTitle>
            <AlertDialogDescription>
              {name} gets the admin panel, which shows every application, payment and user.{' '}
              {confirming ? STAFF_ROLE_DESCRIPTIONS[confirming] : ''} A second admin approves the change under
              Approvals before it takes effect.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <Button
              type="button"
              onClick={() => {
                const role = confirming;
                setConfirming(null);
                if (role) saveRole(role);
              }}
            >
              Make {confirming ? roleLabel(confirming) : ''}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
