// Placeholder until the debit-order runs land (issue 33 item 4).
export function DebitOrdersTab() {
  return <p className="text-sm text-slate-600">No debit-order runs yet.</p>;
}
