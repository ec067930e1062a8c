// The one scaffold for a dialog holding a form. `FormDialog` is the dialog itself: it returns
// focus to the button that opened it, also when the dialog was opened from a row button rather than a
// trigger. `FormDialogContent` lays out the title, the form with its fields, the server's refusal shown
// inline above the buttons (the toast region is hidden from assistive technology behind a modal dialog),
// and Cancel / submit. Escape closes the dialog even while a toast shows (a toast is a layer of its own and
// would otherwise take the first Escape), except while the request is pending.
import {
  createContext,
  Fragment,
  type Key,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useLayoutEffect,
  useRef,
} from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ServerError } from './server-error';
import { Button, type ButtonProps } from './ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './ui/dialog';
import { Form } from './ui/form';

interface FormDialogContextValue {
  close: () => void;
  returnFocus: (event: Event) => void;
}

const FormDialogContext = createContext<FormDialogContextValue | null>(null);

/**
 * For a dialog inside `FormDialog` whose content is not a form (a details view): its `onCloseAutoFocus`, so closing
 * it returns focus to the button that opened it. (Radix returns focus only to a DialogTrigger, which a dialog opened
 * from a row button, or from its own address, does not have.)
 */
export function useReturnFocus(): ((event: Event) => void) | undefined {
  return useContext(FormDialogContext)?.returnFocus;
}

export function FormDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Where focus goes on close, for a dialog whose opener is gone or not focused when it opens (a lazily
   * loaded dialog, a row that re-renders): replaces the return to the remembered opener.
   */
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}) {
  const opener = useRef<HTMLElement | null>(null);
  // Before the dialog moves focus inside (its focus scope does so in an effect, after layout effects).
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);

  const value: FormDialogContextValue = {
    close: () => onOpenChange(false),
    returnFocus: (event) => {
      if (onCloseAutoFocus) return onCloseAutoFocus(event);
      const target = opener.current;
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
  return (
    <FormDialogContext.Provider value={value}>
      <Dialog open={open} onOpenChange={onOpenChange}>
        {children}
      </Dialog>
    </FormDialogContext.Provider>
  );
}

/**
 * A `FormDialog` open while `item` is set (a row, a quote, a chosen status), its content mounted afresh for
 * each item, so every opening starts from an empty form and a fresh request.
 */
export function FormDialogFor<T>({
  item,
  itemKey,
  onOpenChange,
  onCloseAutoFocus,
  children,
}: {
  item: T | null;
  itemKey: (item: T) => Key;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  /** The content for the item; `onDone` closes the dialog. */
  children: (item: T, onDone: () => void) => ReactNode;
}) {
  return (
    <FormDialog open={item !== null} onOpenChange={onOpenChange} onCloseAutoFocus={onCloseAutoFocus}>
      {item !== null ? (
        <Fragment key={itemKey(item)}>{children(item, () => onOpenChange(false))}</Fragment>
      ) : null}
    </FormDialog>
  );
}

export function FormDialogContent<T extends FieldValues, O = T>({
  title,
  description,
  form,
  onSubmit,
  formLabel,
  busy = false,
  error,
  submitLabel,
  pendingLabel,
  submitVariant,
  submitDisabled = false,
  submitting = busy,
  cancelLabel = 'Cancel',
  footer,
  intro,
  className,
  formClassName = 'grid gap-5',
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  form: UseFormReturn<T, unknown, O>;
  onSubmit: (event?: React.BaseSyntheticEvent) => unknown;
  /** The form's accessible name. */
  formLabel?: string;
  /** A request is pending: the dialog stays open and the buttons wait. */
  busy?: boolean;
  /** The server's refusal that belongs to no field, shown above the buttons. */
  error?: { title?: string; message: string | null };
  submitLabel?: ReactNode;
  pendingLabel?: ReactNode;
  /** `destructive` for a final step (cancel, suspend, delete). */
  submitVariant?: ButtonProps['variant'];
  /** The submit waits (for example until a required reason is written). */
  submitDisabled?: boolean;
  /**
   * The form's own request is pending (the submit shows progress); defaults to `busy`. A dialog with a
   * second request (a status change beside the form) passes `busy` for both and this for its submit.
   */
  submitting?: boolean;
  /** Omit for a dialog with only the submit (closed by its corner button or Escape). */
  cancelLabel?: ReactNode | null;
  /** Replaces the Cancel / submit buttons. */
  footer?: ReactNode;
  /** Shown between the title and the form. */
  intro?: ReactNode;
  className?: string;
  formClassName?: string;
  children: ReactNode;
}) {
  const context = useContext(FormDialogContext);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || busy || !context) return;
    // Only keys pressed in the dialog itself: an open select or picker (portalled outside) closes first.
    if (!(event.target instanceof Node) || !event.currentTarget.contains(event.target)) return;
    context.close();
  };
  return (
    <DialogContent
      className={className}
      busy={busy}
      onKeyDown={onKeyDown}
      onCloseAutoFocus={context?.returnFocus}
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        {description ? <DialogDescription>{description}</DialogDescription> : null}
      </DialogHeader>
      {intro}
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate aria-label={formLabel} className={formClassName}>
          {children}
          {error ? <ServerError title={error.title} message={error.message} /> : null}
          {footer ?? (
            <DialogFooter>
              {cancelLabel === null ? null : (
                <DialogClose asChild>
                  <Button variant="outline" disabled={busy}>
                    {cancelLabel}
                  </Button>
                </DialogClose>
              )}
              <Button
                type="submit"
                variant={submitVariant}
                loading={submitting}
                disabled={submitDisabled || (busy && !submitting)}
                className={cancelLabel === null ? 'w-full sm:w-auto' : undefined}
              >
                {submitting && pendingLabel ? pendingLabel : submitLabel}
              </Button>
            </DialogFooter>
          )}
        </form>
      </Form>
    </DialogContent>
  );
}
