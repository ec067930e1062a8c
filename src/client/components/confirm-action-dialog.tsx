// A final step asked to be confirmed (close a month, run provisions): what it does in words, Cancel and the action.
// While the request runs the dialog stays open and both buttons wait; the server's answer is a toast either way, and
// the dialog closes when the action is done.
import { type ReactNode, useState } from 'react';
import { toast } from '../hooks/use-toast';
import { messageOf } from '../lib/api';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './ui/alert-dialog';
import { Button } from './ui/button';

export function ConfirmActionDialog({
  open,
  onClose,
  title,
  children,
  confirmLabel,
  pendingLabel,
  failed,
  action,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What the action does, as the person confirming needs to know it. */
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  /** The toast's title when the server refuses. */
  failed: string;
  action: () => Promise<{ message: string }>;
}) {
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      const answer = await action();
      toast({ title: answer.message });
      onClose();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: failed,
        description: messageOf(error, 'Server error occurred'),
      });
    } finally {
      setPending(false);
    }
  };
  return (
    <AlertDialog open={open} onOpenChange={(next) => (next || pending ? null : onClose())}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{children}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button type="button" onClick={confirm} loading={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
