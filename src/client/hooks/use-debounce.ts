// Debouncing, once: a value that settles after a pause (the live previews ask the server only
// then), and a search box's text that is written elsewhere (the address) once typing pauses.
import { useCallback, useEffect, useRef, useState } from 'react';

/** The value once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * What is typed into a search box, sent (trimmed) to `onSettle` once typing pauses for `delayMs`, or at
 * once with `flush` (Enter, leaving the box). A change of `value` from outside (Clear filters, the Back
 * button) replaces what is typed; nothing is sent twice.
 */
export function useDebouncedInput(value: string, onSettle: (trimmed: string) => void, delayMs: number) {
  const [text, setText] = useState(value);
  // The text last sent, to tell our own writes from outside changes.
  const sent = useRef(value);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  const send = useCallback(
    (raw: string) => {
      const trimmed = raw.trim();
      if (trimmed === sent.current) return;
      sent.current = trimmed;
      onSettle(trimmed);
    },
    [onSettle],
  );

  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = setTimeout(() => send(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, send, delayMs]);

  /** Empties the box without sending (the caller resets what it reads). */
  const clear = useCallback(() => {
    sent.current = '';
    setText('');
  }, []);

  return { text, setText, flush: () => send(text), clear };
}
