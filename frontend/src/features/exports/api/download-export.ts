import { ApiError } from '@/lib/api-error';

/** The file name a Content-Disposition header gives (`filename*=` first, as RFC 6266 says), or null. */
export const fileNameOf = (disposition: string | null): string | null => {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(disposition);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || null;
};

export type DownloadedFile = { name: string; blob: Blob };

/**
 * Fetches an export with the session's cookie, as the TRF links do, but reads the answer first:
 * a refusal (400 with what is missing, 409 before the end) becomes an ApiError the page shows,
 * never a saved file of JSON.
 */
export const fetchExport = async (url: string, fallbackName: string): Promise<DownloadedFile> => {
  const response = await globalThis.fetch(new URL(url, window.location.origin), { credentials: 'same-origin' });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw ApiError.from(response.status, body);
  }
  return { name: fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName, blob: await response.blob() };
};

/** Hands a fetched file to the browser's download, under its own name. */
export const saveFile = ({ name, blob }: DownloadedFile): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
};
