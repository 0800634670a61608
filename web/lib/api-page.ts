// One page of a cursor-paginated list: the rows and the next page's cursor from the X-Next-Cursor header.
import { NEXT_CURSOR_HEADER } from '../../contract/constants';
import { ApiError, isApiError, requestHeaders } from './api-client';
import { trackedFetch } from './connectivity';

export interface Page<T> {
  items: T[];
  /** Absent on the last page. */
  nextCursor: string | null;
}

async function failure(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  if (res.status < 500) {
    try {
      const body: unknown = JSON.parse(text);
      if (isApiError(body)) {
        return new ApiError(res.status, body.message, body.code, body.issues ?? []);
      }
    } catch {
      // not JSON: the status text is the message
    }
  }
  return new ApiError(res.status, res.statusText || text || String(res.status));
}

/** GET `path` with `params` (blank values left out) and `cursor`, answering the page and where the next starts. */
export async function getPage<T>(
  path: string,
  params: Record<string, string | number | undefined>,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<T>> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') {
      query.set(name, String(value));
    }
  }
  if (cursor) {
    query.set('cursor', cursor);
  }
  const text = query.toString();
  const init: RequestInit = { credentials: 'include', headers: requestHeaders() };
  if (signal) {
    init.signal = signal;
  }
  const res = await trackedFetch(text ? `${path}?${text}` : path, init);
  if (!res.ok) {
    throw await failure(res);
  }
  return { items: (await res.json()) as T[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
}
