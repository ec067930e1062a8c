import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { useToast } from '../../src/client/hooks/use-toast';

// What jsdom lacks and the UI library measures with (Radix's checkbox and popper watch their size): a ResizeObserver
// that observes nothing, as a browser before layout would report nothing.
class QuietResizeObserver implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= QuietResizeObserver;

// Every component test starts from an empty page, real functions and no toast left open by the test before it (the
// toast store is the module's own and outlives a render).
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  const { result, unmount } = renderHook(() => useToast());
  act(() => result.current.dismiss());
  unmount();
});
