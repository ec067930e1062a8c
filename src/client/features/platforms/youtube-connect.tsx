// YouTube OAuth in a pop-up (spec section 7): ask the server for the consent URL, open it, wait for the
// pop-up's message with the code, then let the server exchange the code and store the channel.
import { MonitorPlay } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../hooks/use-toast';
import { ApiError, messageOf } from '../../lib/api';
import {
  isYoutubeAuthMessage,
  useCompleteYoutubeAuth,
  useStartYoutubeAuth,
  YOUTUBE_AUTH_CHANNEL,
  type YoutubeAuthMessage,
} from './api';
import { ConnectedMark, PlatformOption } from './platform-option';

const POPUP_FEATURES = 'width=520,height=680';
const YOUTUBE_ATTEMPT_MS = 10 * 60 * 1000;
const NOT_CONFIGURED_FALLBACK = 'YouTube is not configured on this server';
const POPUP_BLOCKED =
  'Your browser blocked the YouTube window. Allow pop-ups for this site, then select Connect YouTube again.';

export function YoutubeConnect({ connected }: { connected: boolean }) {
  const start = useStartYoutubeAuth();
  const complete = useCompleteYoutubeAuth();
  const [notice, setNotice] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  // A message only counts while this component started an attempt: another tab's pop-up is not ours.
  const attemptRef = useRef(false);
  const noticeId = useId();
  const statusId = useId();

  const onAuthMessage = (data: YoutubeAuthMessage) => {
    if (!attemptRef.current) return;
    attemptRef.current = false;
    setWaiting(false);
    if (data.error || !data.code) {
      toast({
        variant: 'destructive',
        title: 'Connection Failed',
        description: 'Failed to connect YouTube account',
      });
      return;
    }
    complete.mutate(
      { code: data.code, state: data.state ?? undefined },
      {
        onSuccess: () =>
          toast({ title: 'Platform Connected', description: 'Your YouTube channel is now connected.' }),
        // The server explains an expired sign-in or a Google account without a channel.
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Connection Failed',
            description: messageOf(error, 'Failed to connect YouTube account'),
          }),
      },
    );
  };
  // The listeners are added once; the ref always points at the latest handler (and its mutation).
  const onAuthMessageRef = useRef(onAuthMessage);
  onAuthMessageRef.current = onAuthMessage;

  useEffect(() => {
    const onWindowMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isYoutubeAuthMessage(event.data)) return;
      onAuthMessageRef.current(event.data);
    };
    window.addEventListener('message', onWindowMessage);
    // The pop-up also broadcasts when it has no opener any more (see youtube-callback-page.tsx).
    const channel =
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(YOUTUBE_AUTH_CHANNEL);
    if (channel) {
      channel.onmessage = (event: MessageEvent) => {
        if (isYoutubeAuthMessage(event.data)) onAuthMessageRef.current(event.data);
      };
    }
    return () => {
      window.removeEventListener('message', onWindowMessage);
      channel?.close();
    };
  }, []);

  // The server's sign-in state lasts 10 minutes; stop waiting after that. The pop-up's `closed` flag is no
  // guide: once the pop-up has been to Google the browser severs it from this window and reports it closed.
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => {
      attemptRef.current = false;
      setWaiting(false);
    }, YOUTUBE_ATTEMPT_MS);
    return () => window.clearTimeout(timer);
  }, [waiting]);

  const onConnect = () => {
    setNotice(null);
    start.mutate(undefined, {
      onSuccess: ({ authUrl }) => {
        const popup = window.open(authUrl, 'youtube-auth', POPUP_FEATURES);
        if (!popup) {
          setNotice(POPUP_BLOCKED);
          return;
        }
        attemptRef.current = true;
        setWaiting(true);
      },
      onError: (error) => {
        // Not configured is a fact about this server, not a failure worth a toast on every click.
        if (error instanceof ApiError && error.status === 503) {
          setNotice(error.message || NOT_CONFIGURED_FALLBACK);
          return;
        }
        toast({
          variant: 'destructive',
          title: 'Connection Failed',
          description: 'Failed to start YouTube authentication',
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
      icon={<MonitorPlay />}
      title="YouTube"
      description="Sign in with Google to share your channel's subscribers, views and videos."
      action={
        connected ? (
          <ConnectedMark />
        ) : (
          <Button
            variant="outline"
            onClick={onConnect}
            loading={busy}
            aria-describedby={describedBy || undefined}
          >
            Connect YouTube
          </Button>
        )
      }
    >
      {!connected && showStatus ? (
        <p id={statusId} role="status" className="text-sm text-slate-600">
          {complete.isPending
            ? 'Connecting your YouTube channel…'
            : waiting
              ? 'Finish signing in in the YouTube window. Closed it? Select Connect YouTube again.'
              : 'Opening YouTube…'}
        </p>
      ) : null}
      {!connected && notice ? (
        <p id={noticeId} className="text-sm text-amber-800">
          {notice}
        </p>
      ) : null}
    </PlatformOption>
  );
}
