// What jsdom lacks and the UI library measures with (Radix's checkbox and popper watch their size): a ResizeObserver
// that observes nothing, as a browser before layout would report nothing.
class QuietResizeObserver implements ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= QuietResizeObserver;
