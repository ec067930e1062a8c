// A small button that copies a reference or an account number, and says so in its own name (no toast to hunt for).
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../hooks/use-toast';
import { Button } from './ui/button';

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({
        variant: 'destructive',
        title: 'Could not copy',
        description: `Select it and copy it by hand.`,
      });
    }
  };
  return (
    <Button type="button" variant="ghost" size="sm" className="h-7 px-2" onClick={() => void copy()}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {/* The button's name says what happened, so a screen reader hears "Copied" without a toast. */}
      <span aria-live="polite">{copied ? 'Copied' : label}</span>
    </Button>
  );
}
