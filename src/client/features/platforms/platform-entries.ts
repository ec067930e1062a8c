// Reading the user's socialMediaData map for display.
// Old or self-reported entries may lack fields, so the reader is lenient and never throws in a render.
import { platformName } from '../../../shared/platform-names';
import { type ConnectedPlatform, connectedPlatformSchema } from '../../../shared/schemas/platforms';
import { formatCount } from '../../lib/format';

export interface PlatformEntry {
  key: string;
  label: string;
  data: ConnectedPlatform;
  /** Not verified by a connection (YouTube OAuth or a Visionary code): the creator typed it in. */
  selfReported: boolean;
}

const lenientPlatform = connectedPlatformSchema.partial();

function readEntry(key: string, raw: unknown): ConnectedPlatform {
  const parsed = lenientPlatform.safeParse(raw);
  const data = parsed.success ? parsed.data : {};
  return {
    ...data,
    platform: data.platform?.trim() || key,
    status: data.status ?? 'connected',
    verified: data.verified === true,
  };
}

export function platformLabel(key: string, data?: Pick<ConnectedPlatform, 'platform'>): string {
  return platformName(key, data?.platform);
}

export function readPlatformEntries(
  socialMediaData: Record<string, unknown> | null | undefined,
): PlatformEntry[] {
  if (!socialMediaData) return [];
  return Object.entries(socialMediaData)
    .filter(([, raw]) => typeof raw === 'object' && raw !== null)
    .map(([key, raw]) => {
      const data = readEntry(key, raw);
      return { key, label: platformLabel(key, data), data, selfReported: !data.verified };
    });
}

export function isConnected(entries: PlatformEntry[], key: string): boolean {
  return entries.some((entry) => entry.key === key && !entry.selfReported);
}

/** Follower, view and video counts in the en-ZA grouping ('12 500'), or '-' when not reported. */
export function formatReportedCount(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? formatCount(value) : '-';
}
