// Landing page of an OAuth pop-up (/youtube/callback, /patreon/callback): hand the code back to the window that
// opened it, then close. It never calls the API itself: the opener holds the session's context and the toast.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/constants';
import { PLATFORM_NAMES } from '../../../shared/platform-names';
import { BrandMark } from '../../components/brand-logo';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { type OAuthMessage, type OAuthPlatform, oauthChannel, oauthMessageType } from './api';

export const YoutubeCallbackPage = () => <OAuthCallbackPage platform="youtube" />;
export const PatreonCallbackPage = () => <OAuthCallbackPage platform="patreon" />;

function OAuthCallbackPage({ platform }: { platform: OAuthPlatform }) {
  useDocumentTitle(`Connecting ${PLATFORM_NAMES[platform]}`);
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const error = params.get('error');

  useEffect(() => {
    const message: OAuthMessage = { type: oauthMessageType(platform), code, state, error };
    if (window.opener && !window.opener.closed) {
      // Only our own origin may read the code.
      window.opener.postMessage(message, window.location.origin);
    } else if (typeof BroadcastChannel !== 'undefined') {
      // The trip through Google can sever window.opener; a same-origin channel still reaches the app.
      const channel = new BroadcastChannel(oauthChannel(platform));
      channel.postMessage(message);
      channel.close();
    }
    const timer = window.setTimeout(() => window.close(), 300);
    return () => window.clearTimeout(timer);
  }, [code, state, error, platform]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <BrandMark className="text-primary" />
        {PRODUCT_NAME}
      </p>
      <div role="status" className="flex items-center gap-2 text-slate-700">
        <Spinner className="size-5 text-primary" />
        <p>Connecting your {PLATFORM_NAMES[platform]} account… you can close this window</p>
      </div>
    </main>
  );
}
