// OAuth in a pop-up (docs/platform-earnings.md): ask the server for the consent URL, open it, wait for
// the pop-up's message with the code, then let the server exchange the code and store the connection. YouTube for
// its audience figures, YouTube for earnings (revenue and AdSense payouts, read every month) and Patreon (pledges).
import { HandCoins, MonitorPlay } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { PLATFORM_NAMES } from '../../../shared/platform-names';
import { notConnectableMessage } from '../../../shared/schemas/platforms';
import { Button } from '../../components/ui/button';
import { toast } from '../../hooks/use-toast';
import { ApiError, messageOf } from '../../lib/api';
import {
  isOAuthMessage,
  type OAuthMessage,
  type OAuthPlatform,
  type OAuthPurpose,
  oauthChannel,
  useCompleteOAuth,
  useConnectablePlatforms,
  useStartOAuth,
} from './api';
import { ConnectedMark, PlatformOption } from './platform-option';

const POPUP_FEATURES = 'width=520,height=680';
const ATTEMPT_MS = 10 * 60 * 1000;
/** What a creator has on each platform, for the words that offer manual entry instead. */
const THINGS: Record<OAuthPlatform, string> = { youtube: 'channel', patreon: 'page' };

export function YoutubeConnect({ connected }: { connected: boolean }) {
  return (
    <OAuthConnect
      platform="youtube"
      purpose="audience"
      connected={connected}
      icon={<MonitorPlay />}
      title="YouTube"
      description="Sign in with Google to share your channel's subscribers, views and videos."
      buttonLabel="Connect YouTube"
      successText="Your YouTube channel is now connected."
    />
  );
}

/** What connecting each platform for earnings lets us read, in plain words (the consent), and its button. */
const EARNINGS_TEXT: Record<
  OAuthPlatform,
  { icon: ReactNode; title: string; description: string; button: string; done: string }
> = {
  youtube: {
    icon: <MonitorPlay />,
    title: 'YouTube earnings',
    description:
      "Let us read your channel's estimated revenue and your AdSense payouts once a month, so your repayments follow what you really earn. We only read them; we can never change anything or move money. Disconnect any time.",
    button: 'Share YouTube earnings',
    done: 'We will read your YouTube earnings once a month.',
  },
  patreon: {
    icon: <HandCoins />,
    title: 'Patreon',
    description:
      "Let us read your campaign's active pledges once a month, as your monthly Patreon income. We see how much your patrons pledge, not who they are beyond what Patreon shares, and we can never change anything. Disconnect any time.",
    button: 'Connect Patreon',
    done: 'We will read your Patreon pledges once a month.',
  },
};

/** Connecting a platform so its earnings are read each month: the consent is said in the description. */
export function EarningsConnect({
  platform,
  connected,
  children,
}: {
  platform: OAuthPlatform;
  connected: boolean;
  children?: ReactNode;
}) {
  const text = EARNINGS_TEXT[platform];
  return (
    <OAuthConnect
      platform={platform}
      purpose="earnings"
      connected={connected}
      icon={text.icon}
      title={text.title}
      description={text.description}
      buttonLabel={text.button}
      successText={text.done}
    >
      {children}
    </OAuthConnect>
  );
}

function OAuthConnect({
  platform,
  purpose,
  connected,
  icon,
  title,
  description,
  buttonLabel,
  successText,
  children,
}: {
  platform: OAuthPlatform;
  purpose: OAuthPurpose;
  connected: boolean;
  icon: ReactNode;
  title: string;
  description: string;
  buttonLabel: string;
  successText: string;
  children?: ReactNode;
}) {
  const name = PLATFORM_NAMES[platform];
  const failure = `Failed to connect ${name} account`;
  // Known before anyone tries: a platform this server cannot connect offers manual entry instead of a button.
  const connectable = useConnectablePlatforms();
  const unavailable = connectable.data?.[platform] === false;
  const start = useStartOAuth(platform, purpose);
  const complete = useCompleteOAuth(platform);
  const [notice, setNotice] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  // A message only counts while this component started an attempt: another tab's pop-up is not ours.
  const attemptRef = useRef(false);
  const noticeId = useId();
  const statusId = useId();

  const onAuthMessage = (data: OAuthMessage) => {
    if (!attemptRef.current) return;
    attemptRef.current = false;
    setWaiting(false);
    if (data.error || !data.code) {
      toast({
        variant: 'destructive',
        title: 'Connection Failed',
        description: failure,
      });
      return;
    }
    complete.mutate(
      { code: data.code, state: data.state ?? undefined },
      {
        onSuccess: () => toast({ title: 'Platform Connected', description: successText }),
        // The server explains an expired sign-in, a Google account without a channel, a Patreon without a campaign.
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Connection Failed',
            description: messageOf(error, failure),
          }),
      },
    );
  };
  // The listeners are added once; the ref always points at the latest handler (and its mutation).
  const onAuthMessageRef = useRef(onAuthMessage);
  onAuthMessageRef.current = onAuthMessage;

  useEffect(() => {
    const onWindowMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isOAuthMessage(event.data, platform)) return;
      onAuthMessageRef.current(event.data);
    };
    window.addEventListener('message', onWindowMessage);
    // The pop-up also broadcasts when it has no opener any more (see oauth-callback-page.tsx).
    const channel =
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(oauthChannel(platform));
    if (channel) {
      channel.onmessage = (event: MessageEvent) => {
        if (isOAuthMessage(event.data, platform)) onAuthMessageRef.current(event.data);
      };
    }
    return () => {
      window.removeEventListener('message', onWindowMessage);
      channel?.close();
    };
  }, [platform]);

  // The server's sign-in state lasts 10 minutes; stop waiting after that. The pop-up's `closed` flag is no
  // guide: once the pop-up has been to Google the browser severs it from this window and reports it closed.
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => {
      attemptRef.current = false;
      setWaiting(false);
    }, ATTEMPT_MS);
    return () => window.clearTimeout(timer);
  }, [waiting]);

  const onConnect = () => {
    setNotice(null);
    start.mutate(undefined, {
      onSuccess: ({ authUrl }) => {
        const popup = window.open(authUrl, `${platform}-auth`, POPUP_FEATURES);
        if (!popup) {
          setNotice(
            `Your browser blocked the ${name} window. Allow pop-ups for this site, then select ${buttonLabel} again.`,
          );
          return;
        }
        attemptRef.current = true;
        setWaiting(true);
      },
      onError: (error) => {
        // Not available is a fact about this server, not a failure worth a toast on every click.
        if (error instanceof ApiError && error.status === 503) {
          setNotice(error.message || notConnectableMessage(name, THINGS[platform]));
          return;
        }
        toast({
          variant: 'destructive',
          title: 'Connection Failed',
          description: `Failed to start ${name} authentication`,
        });
      },
    });
  };

  // Waiting leaves the button usable: a creator who closed the pop-up simply starts again.
  const busy = start.isPending || complete.isPending;
  const showStatus = busy || waiting;
  const describedBy = [notice ? noticeId : null, showStatus ? statusId : null].filter(Boolean).join(' ');

  return (
    <PlatformOption
      icon={icon}
      title={title}
      description={description}
      action={
        connected ? (
          <ConnectedMark />
        ) : unavailable ? null : (
          <Button
            writes
            variant="outline"
            onClick={onConnect}
            loading={busy}
            aria-describedby={describedBy || undefined}
          >
            {buttonLabel}
          </Button>
        )
      }
    >
      {!connected && showStatus ? (
        <p id={statusId} role="status" className="text-sm text-slate-600">
          {complete.isPending
            ? `Connecting your ${name} account…`
            : waiting
              ? `Finish signing in in the ${name} window. Closed it? Select ${buttonLabel} again.`
              : `Opening ${name}…`}
        </p>
      ) : null}
      {!connected && (notice || unavailable) ? (
        <p id={noticeId} className="text-sm text-amber-800">
          {notice ?? notConnectableMessage(name, THINGS[platform])}
        </p>
      ) : null}
      {children}
    </PlatformOption>
  );
}
