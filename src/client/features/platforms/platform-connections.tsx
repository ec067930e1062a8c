// Platform connections panel, shared by /apply and /settings:
// what is connected (from the signed-in user's socialMediaData) and the ways to add more.
import { useId } from 'react';
import { useUser } from '../../lib/session';
import { ConnectedPlatformList } from './connected-platform-list';
import { EarningsConnectionsSection } from './earnings-connections';
import { type ManualPlatformDraft, ManualPlatformOption } from './manual-platform-form';
import { YoutubeConnect } from './oauth-connect';
import { isConnected, readPlatformEntries } from './platform-entries';
import { VisionaryConnect } from './visionary-connect';

export interface ManualPlatformsControl {
  entries: ManualPlatformDraft[];
  onAdd: (entry: ManualPlatformDraft) => void;
  onRemove: (index: number) => void;
  /** A server message about the manual entries (field errors of the application). */
  error?: string;
}

export function PlatformConnections({
  manual,
  showSelfReported = true,
}: {
  /** Manual entries belong to an application, so only the application form passes them. */
  manual?: ManualPlatformsControl;
  /** Settings edits self-reported platforms in its own editor and hides them here. */
  showSelfReported?: boolean;
}) {
  const user = useUser();
  const headingId = useId();
  const entries = readPlatformEntries(user?.socialMediaData);
  const listed = showSelfReported ? entries : entries.filter((entry) => !entry.selfReported);

  return (
    <div className="grid gap-6">
      <section aria-labelledby={headingId} className="grid gap-3">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900">
          Your connected platforms
        </h3>
        <ConnectedPlatformList entries={listed} />
      </section>
      <div className="grid gap-3">
        <YoutubeConnect connected={isConnected(entries, 'youtube')} />
        <VisionaryConnect connected={isConnected(entries, 'visionary')} />
        {manual ? (
          <ManualPlatformOption
            entries={manual.entries}
            onAdd={manual.onAdd}
            onRemove={manual.onRemove}
            error={manual.error}
          />
        ) : null}
      </div>
      <EarningsConnectionsSection />
    </div>
  );
}
