// The one way the browser talks to the API.
import { QueryCache, QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { BACKGROUND_REQUEST_HEADER } from '../../shared/constants';
import { toast } from '../hooks/use-toast';

declare module '@tanstack/react-query' {
  interface Register {
    /** `errorToast`: the title of the toast shown when this query fails (createQueryClient). */
    queryMeta: { errorToast?: string };
  }
}

type FieldErrors = Record<string, string[]>;

/** An API failure with the message to show the user, already chosen per the error catalogue. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly fieldErrors: FieldErrors | undefined;
  /** A 429's Retry-After: the seconds the server asks to wait before trying again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    message: string,
    body: unknown = undefined,
    fieldErrors?: FieldErrors,
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.fieldErrors = fieldErrors;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Retry-After in seconds (the server sends whole seconds), or undefined when absent or not a number. */
function retryAfterOf(res: Response): number | undefined {
  const text = res.headers.get('retry-after')?.trim();
  return text && /^\d{1,7}$/.test(text) ? Number(text) : undefined;
}

export const NETWORK_ERROR_MESSAGE = 'Network request failed';
export const INVALID_JSON_MESSAGE = 'Invalid JSON response from server';
const SERVER_ERROR_MESSAGE = 'Server error';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function readFieldErrors(body: unknown): FieldErrors | undefined {
  if (!isRecord(body) || !isRecord(body.fieldErrors)) return undefined;
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(body.fieldErrors)) {
    if (Array.isArray(messages)) out[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return out;
}

/** The message the error catalogue asks for: body.message, body.error, status text, then 'Server error'. */
export function errorMessageFrom(body: unknown, statusText: string): string {
  if (isRecord(body)) {
    const fromBody = nonEmptyString(body.message) ?? nonEmptyString(body.error);
    if (fromBody) return fromBody;
  }
  return nonEmptyString(statusText) ?? SERVER_ERROR_MESSAGE;
}

/** The message of any thrown value, or the fallback when it carries none. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}

async function readBody(res: Response): Promise<{ body: unknown; invalidJson: boolean }> {
  const text = await res.text();
  if (text.trim() === '') return { body: undefined, invalidJson: false };
  try {
    return { body: JSON.parse(text) as unknown, invalidJson: false };
  } catch {
    return { body: text, invalidJson: true };
  }
}

/**
 * Sends a JSON request with the session cookie and returns the parsed answer.
 * Throws ApiError on a non-2xx answer, an unreadable body, or a network failure (status 0).
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  /** Extra request headers, such as a payment's Idempotency-Key. */
  headers: Record<string, string> = {},
): Promise<T> {
  const hasBody = body !== undefined;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'include',
      headers: hasBody
        ? { 'Content-Type': 'application/json', Accept: 'application/json', ...headers }
        : { Accept: 'application/json', ...headers },
      body: hasBody ? JSON.stringify(body) : undefined,
    });
  } catch (cause) {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, cause);
  }
  return readAnswer<T>(res);
}

/**
 * The headers of a polled read: refreshing data already on screen is the screen's work, not the person's, so it is
 * marked and does not keep a staff session from going idle. A first load, a new page or filter is
 * the person's doing and goes unmarked.
 */
export function pollHeaders({
  client,
  queryKey,
}: {
  client: QueryClient;
  queryKey: QueryKey;
}): Record<string, string> {
  const onScreen = (client.getQueryState(queryKey)?.dataUpdatedAt ?? 0) > 0;
  return onScreen ? { [BACKGROUND_REQUEST_HEADER]: '1' } : {};
}

/** Parses an answer the same way for every call, so JSON requests and uploads fail alike. */
async function readAnswer<T>(res: Response): Promise<T> {
  const { body: parsed, invalidJson } = await readBody(res);
  if (!res.ok) {
    const message = invalidJson
      ? errorMessageFrom(undefined, res.statusText)
      : errorMessageFrom(parsed, res.statusText);
    throw new ApiError(res.status, message, parsed, readFieldErrors(parsed), retryAfterOf(res));
  }
  if (invalidJson) throw new ApiError(res.status, INVALID_JSON_MESSAGE, parsed);
  return parsed as T;
}

/**
 * POSTs multipart/form-data (file uploads) with the session cookie. No Content-Type header: the browser
 * sets it with the multipart boundary. Errors are the same ApiError as apiRequest's.
 */
export async function apiUpload<T = unknown>(url: string, formData: FormData): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
      body: formData,
    });
  } catch (cause) {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, cause);
  }
  return readAnswer<T>(res);
}

/** Default reader: GET the query key joined as a path, e.g. ['/api/applications', 7] -> /api/applications/7. */
const defaultQueryFn: QueryFunction = ({ queryKey }) =>
  apiRequest('GET', queryKey.map((part) => String(part)).join('/'));

/**
 * The app's one QueryClient. Query failures are toasted here, once per failed fetch, for the queries whose
 * options carry `meta: { errorToast: title }`; screens show the failure in place (QueryErrorPanel) and do not
 * toast it themselves.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const title = query.meta?.errorToast;
        if (title) toast({ variant: 'destructive', title, description: messageOf(error, title) });
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
