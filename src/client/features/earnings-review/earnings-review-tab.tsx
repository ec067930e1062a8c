// Placeholder until the earnings review queue lands (issue 33 item 1).
export function EarningsReviewTab() {
  return <p className="text-sm text-slate-600">No earnings are waiting for review.</p>;
}
