// The first stop of the keyboard on every page: straight to the main content.
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only rounded-md bg-white px-4 py-2 font-medium text-primary shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60]"
    >
      Skip to main content
    </a>
  );
}
