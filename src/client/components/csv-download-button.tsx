// A report's "Download CSV" button: the file as the server writes it, progress while it is made, the file's name in a
// toast, or the server's refusal.
import { Download } from 'lucide-react';
import { toast } from '../hooks/use-toast';
import { messageOf } from '../lib/api';
import { Button } from './ui/button';

export function CsvDownloadButton({
  save,
  pending,
  disabled = false,
  label = 'Download CSV',
}: {
  /** Saves the file; resolves to its name. */
  save: () => Promise<string>;
  pending: boolean;
  disabled?: boolean;
  /** The button's words (and accessible name), told apart when a page has more than one. */
  label?: string;
}) {
  const run = async () => {
    try {
      toast({ title: 'Downloaded', description: await save() });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Download failed',
        description: messageOf(error, 'Could not make the file'),
      });
    }
  };
  return (
    <Button variant="outline" loading={pending} disabled={disabled} onClick={run}>
      {pending ? null : <Download aria-hidden="true" />}
      {pending ? 'Preparing CSV…' : label}
    </Button>
  );
}
