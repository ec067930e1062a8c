// Placeholder until the bank statement import lands (issue 33 item 3).
export function BankImportTab() {
  return <p className="text-sm text-slate-600">No bank statements have been imported.</p>;
}
