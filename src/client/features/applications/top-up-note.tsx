// A top-up's payout in words (docs/lending.md, "Top-ups"): what settles the old loan first (its settlement amount, no
// fee) and what reaches the creator. Before the payout the server's figures are live (the settlement today); after
// it they are what was settled.
import { RefreshCw } from 'lucide-react';
import { formatZar } from '../../lib/format';
import type { TopUpView } from './types';

/** `holder`: written to the creator ('your balance', the default) or about them (an admin's dialog). */
export function TopUpNote({ topUp, holder = 'you' }: { topUp: TopUpView; holder?: 'you' | 'creator' }) {
  const words =
    holder === 'you'
      ? { balance: 'your', receives: 'you receive', received: 'you received' }
      : { balance: "the creator's", receives: 'the creator receives', received: 'the creator received' };
  return (
    <div
      data-testid="top-up-note"
      className="flex gap-3 rounded-md border border-emerald-200 bg-emerald-50/60 px-4 py-3 text-sm text-slate-700"
    >
      <RefreshCw className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
      {topUp.settled ? (
        <p>
          Top-up of financing #{topUp.ofApplicationId}: its payout settled {words.balance} financing for{' '}
          <strong className="tabular-nums">{formatZar(topUp.settlesAmount)}</strong>, with no fee;{' '}
          {words.received} <strong className="tabular-nums">{formatZar(topUp.creatorReceives)}</strong>.
        </p>
      ) : (
        <p>
          Top-up of financing #{topUp.ofApplicationId}: it settles {words.balance} current financing, today
          for <strong className="tabular-nums">{formatZar(topUp.settlesAmount)}</strong> with no fee;{' '}
          {words.receives} <strong className="tabular-nums">{formatZar(topUp.creatorReceives)}</strong>.
        </p>
      )}
    </div>
  );
}

/** "Top-up of #N" beside an application's name in the history. */
export function TopUpOfLabel({ topUp }: { topUp: TopUpView | null }) {
  if (!topUp) return null;
  return (
    <span className="block text-xs font-normal text-emerald-800">Top-up of #{topUp.ofApplicationId}</span>
  );
}
