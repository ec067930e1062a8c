// The role dropdown (spec section 2, Users tab: "a role dropdown (User or Admin)"), shared by the Users tab
// and the /admin/users/{id} screen. Picking User saves at once; picking Admin asks first (it hands over the
// whole admin panel), then saves. The server refuses an admin's own demotion (409), so the dropdown is
// disabled on the admin's own account.
import { useEffect, useRef, useState } from 'react';
import { USER_ROLES, type UserRole } from '../../../shared/constants';
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

/** PATCH with the spec's toasts; `successText` words the success toast from the saved user. */
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
        onSuccess: ({ user: saved }) => {
          toastUserUpdated(successText(saved));
          onSaved?.();
        },
        onError: toastUserUpdateFailed,
      },
    );
  return { save, update };
}

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

  // Making someone an admin asks first. The select would hand focus back to its trigger as it closes; the
  // confirmation takes it instead, and gives it back to the trigger when it closes (once the save is done,
  // as the trigger is disabled meanwhile).
  const [confirmingAdmin, setConfirmingAdmin] = useState(false);
  const [refocus, setRefocus] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const keepFocusOnClose = useRef(false);
  useEffect(() => {
    if (!refocus || pending) return;
    triggerRef.current?.focus();
    setRefocus(false);
  }, [refocus, pending]);

  const saveRole = (role: UserRole) =>
    save(
      user,
      { role },
      (saved) => `${fullName(saved)} is now ${saved.role === 'admin' ? 'an Admin' : 'a User'}.`,
    );

  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Select
        value={shown}
        disabled={pending || isSelf}
        onValueChange={(role) => {
          if (role === user.role) return;
          if (role === 'admin') {
            keepFocusOnClose.current = true;
            setConfirmingAdmin(true);
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
          className="h-9 w-28"
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
      <AlertDialog open={confirmingAdmin} onOpenChange={setConfirmingAdmin}>
        <AlertDialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            setRefocus(true);
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>Make {name} an Admin?</AlertDialogTitle>
            <AlertDialogDescription>
              {name} gets the admin panel: every application, payment and user, decisions on applications and
              the roles of other users. You can make them a User again later.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <Button
              type="button"
              onClick={() => {
                setConfirmingAdmin(false);
                saveRole('admin');
              }}
            >
              Make Admin
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
