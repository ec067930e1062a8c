// The app's one QueryClient, made once for the page: the provider (app.tsx) and the router's early reads
// (router.tsx) share it, so a read the router starts is the one the page's hooks find in the cache.
import { createQueryClient } from '../lib/api';

export const queryClient = createQueryClient();
