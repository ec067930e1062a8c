// Connecting platforms for earnings (docs/platform-earnings.md): for a plan repaid from platform earnings, the
// creator lets us read YouTube's revenue and AdSense payouts, or Patreon's pledges, once a month. Each option says
// in plain words what is read, and once connected, when it was last read (or why it could not be).
import { useId } from 'react';
import type { EarningsConnections } from '../../../shared/schemas/earnings';
import { formatDate } from '../../lib/format';
import { type OAuthPlatform, useEarningsConnections } from './api';
import { EarningsConnect } from './oauth-connect';

const PLATFORMS: OAuthPlatform[] = ['youtube', 'patreon'];

function ReadStatus({ connection }: { connection: EarningsConnections['connections'][number] | undefined }) {
  if (!connection) return null;
  return (
    <div className="grid gap-1 text-sm">
      <p className="text-slate-600">
        {connection.lastReadAt
          ? `Earnings last read on ${formatDate(connection.lastReadAt)}.`
          : 'Not read yet: we read last month’s earnings early each month.'}
      </p>
      {connection.lastError ? (
        <p className="text-amber-800">The last reading did not work: {connection.lastError}.</p>
      ) : null}
    </div>
  );
}

export function EarningsConnectionsSection() {
  const headingId = useId();
  const query = useEarningsConnections();
  const connections = query.data?.connections ?? [];
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="grid gap-1">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          Earnings for your repayments
        </h3>
        <p className="text-sm text-slate-600">
          If your plan is repaid from your platform earnings, connecting them means we read each month’s
          earnings ourselves instead of asking you for proof.
        </p>
      </div>
      {PLATFORMS.map((platform) => {
        const connection = connections.find((c) => c.platform === platform);
        return (
          <EarningsConnect key={platform} platform={platform} connected={Boolean(connection)}>
            <ReadStatus connection={connection} />
          </EarningsConnect>
        );
      })}
    </section>
  );
}
