// Files the browser saves: a Blob handed over as a download, and a file the API makes (a statement PDF, the
// data export) fetched with the session cookie so a refusal shows as a message instead of a saved error page.
import { ApiError, errorMessageFrom, NETWORK_ERROR_MESSAGE } from './api';

/** Hands a Blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file name the server gives in Content-Disposition, or the fallback. */
function fileNameOf(res: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * GETs a file from the API and saves it; resolves to the file name. A refusal throws an ApiError with the
 * server's message (the same rules as apiRequest's).
 */
export async function downloadFromApi(
  path: string,
  options: { accept: string; fallbackName: string },
): Promise<string> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'include', headers: { Accept: options.accept } });
  } catch (cause) {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, cause);
  }
  if (!res.ok) {
    const body = await res.json().catch(() => undefined);
    throw new ApiError(res.status, errorMessageFrom(body, res.statusText), body);
  }
  const fileName = fileNameOf(res, options.fallbackName);
  saveBlob(await res.blob(), fileName);
  return fileName;
}
