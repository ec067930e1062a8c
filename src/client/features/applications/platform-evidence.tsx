// Which of an application's platforms count as evidence: connections the server verified, and
// self-declared platforms whose proof of earnings our team has reviewed. Until then a platform adds little to
// the score (docs/credit-scoring.md, 2), so the creator sees where each one stands.
import { ProofStatusBadge } from '../../components/proof-status-badge';
import { Badge } from '../../components/ui/badge';
import { formatHandle } from '../../lib/format';
import type { ListedApplication } from './types';

function connections(data: ListedApplication['socialMediaData']) {
  if (!data || typeof data !== 'object') return [];
  return Object.entries(data)
    .filter(
      (entry): entry is [string, Record<string, unknown>] =>
        typeof entry[1] === 'object' && entry[1] !== null,
    )
    .map(([key, entry]) => ({
      key,
      name: String(entry.platform ?? key),
      verified: entry.verified === true && entry.status === 'connected',
    }));
}

export function PlatformEvidence({ application }: { application: ListedApplication }) {
  const connected = connections(application.socialMediaData);
  const manual = application.manualPlatforms ?? [];
  if (connected.length === 0 && manual.length === 0) return null;
  return (
    <section aria-labelledby="details-platforms" className="grid gap-2">
      <h3 id="details-platforms" className="font-semibold text-slate-900">
        Platforms
      </h3>
      <ul className="grid gap-1.5 text-sm">
        {connected.map((platform) => (
          <li key={`c-${platform.key}`} className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium capitalize text-slate-900">{platform.name}</span>
            {platform.verified ? (
              <Badge variant="success">Verified connection</Badge>
            ) : (
              <Badge variant="secondary">Self-reported</Badge>
            )}
          </li>
        ))}
        {manual.map((platform) => (
          <li
            key={`m-${platform.platform}-${platform.username}`}
            className="flex flex-wrap items-center justify-between gap-2"
          >
            <span className="font-medium text-slate-900">
              {platform.platform}{' '}
              <span className="font-normal text-slate-600">{formatHandle(platform.username)}</span>
            </span>
            <ProofStatusBadge status={platform.proofStatus ?? 'pending'} />
          </li>
        ))}
      </ul>
      {manual.length > 0 ? (
        <p className="text-xs text-slate-600">
          Self-declared platforms count in full in your score once our team has verified your proof of
          earnings; until then they add at most one point.
        </p>
      ) : null}
    </section>
  );
}

/**
 * One line per self-declared platform with where its proof stands, for the Application History row (the
 * details dialog opens only once a schedule exists, and a proof is reviewed before that).
 */
export function ProofStatusBadges({ application }: { application: ListedApplication }) {
  const manual = application.manualPlatforms ?? [];
  if (manual.length === 0) return null;
  return (
    <ul aria-label="Proof of earnings" className="mt-1 flex flex-wrap gap-1.5 text-xs font-normal">
      {manual.map((platform) => (
        <li key={`${platform.platform}-${platform.username}`}>
          <ProofStatusBadge status={platform.proofStatus ?? 'pending'} platform={platform.platform} />
        </li>
      ))}
    </ul>
  );
}
