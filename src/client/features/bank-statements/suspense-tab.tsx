// Placeholder until the suspense worklist lands (issue 33 item 3).
export function SuspenseTab() {
  return <p className="text-sm text-slate-600">Nothing is in suspense.</p>;
}
