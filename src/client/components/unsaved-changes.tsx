// Leaving a page with edits not saved (Settings): the page's forms say which of them hold unsaved edits, and a move
// to another page in the app asks first, naming them; closing or reloading the tab gets the browser's own warning.
// Nothing is asked when nothing was changed, or once the edits are saved (a saved form is reset, so it is clean).
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './ui/alert-dialog';

type Report = (name: string, dirty: boolean) => void;

const ReportContext = createContext<Report | null>(null);

/** A form inside an UnsavedChangesGuard says whether it holds unsaved edits; outside one, it is a no-op. */
export function useReportUnsaved(name: string, dirty: boolean): void {
  const report = useContext(ReportContext);
  useEffect(() => {
    if (!report) return;
    report(name, dirty);
    return () => report(name, false);
  }, [report, name, dirty]);
}

/** The forms' names, in words: 'Profile Information', 'Profile Information and Bank Details'. */
export function unsavedNames(names: ReadonlyArray<string>): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const [dirty, setDirty] = useState<ReadonlyArray<string>>([]);
  const report = useCallback<Report>((name, isDirty) => {
    setDirty((before) => {
      const has = before.includes(name);
      if (isDirty === has) return before;
      return isDirty ? [...before, name] : before.filter((n) => n !== name);
    });
  }, []);
  const unsaved = dirty.length > 0;
  // A move to another page (a link, Back): a change of hash or search on the same page loses nothing.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  const names = unsavedNames(dirty);

  return (
    <ReportContext.Provider value={report}>
      {children}
      <AlertDialog
        open={blocker.state === 'blocked'}
        onOpenChange={(open) => (open ? null : blocker.reset?.())}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Leave without saving?</AlertDialogTitle>
            <AlertDialogDescription>
              Your changes to {names} are not saved. If you leave now, they are lost.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel onClick={() => blocker.reset?.()}>Stay and save</AlertDialogCancel>
            <AlertDialogAction onClick={() => blocker.proceed?.()}>Leave without saving</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </ReportContext.Provider>
  );
}
