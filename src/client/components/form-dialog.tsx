// The one scaffold for a dialog holding a form (issue 12). `FormDialog` is the dialog itself: it returns
// focus to the button that opened it, also when the dialog was opened from a row button rather than a
// trigger. `FormDialogContent` lays out the title, the form with its fields, the server's refusal shown
// inline above the buttons (the toast region is hidden from assistive technology behind a modal dialog),
// and Cancel / submit. Escape closes the dialog even while a toast shows (a toast is a layer of its own and
// would otherwise take the first Escape), except while the request is pending.
import {
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useLayoutEffect,
  useRef,
} from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ServerError } from './server-error';
import { Button } from './ui/button';
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

export function FormDialog({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
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
  error?: { title: string; message: string | null };
  submitLabel?: ReactNode;
  pendingLabel?: ReactNode;
  cancelLabel?: ReactNode;
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
              <DialogClose asChild>
                <Button variant="outline" disabled={busy}>
                  {cancelLabel}
                </Button>
              </DialogClose>
              <Button type="submit" loading={busy}>
                {busy && pendingLabel ? pendingLabel : submitLabel}
              </Button>
            </DialogFooter>
          )}
        </form>
      </Form>
    </DialogContent>
  );
}
