// One page of a cursor-paginated list: the rows and the next page's cursor from the X-Next-Cursor header.
import { NEXT_CURSOR_HEADER } from '../../contract/constants';
import { apiFetch, failure, requestHeaders } from './api-client';

export interface Page<T> {
  items: T[];
  /** Absent on the last page. */
  nextCursor: string | null;
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
  const res = await apiFetch(text ? `${path}?${text}` : path, init);
  if (!res.ok) {
    throw await failure(res);
  }
  return { items: pageRows<T>(await res.json()), nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
}

/** A page's rows: older lists answer them bare, newer ones (lots) as `{ data }`; the cursor is a header either way. */
export function pageRows<T>(body: unknown): T[] {
  if (Array.isArray(body)) {
    return body as T[];
  }
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as T[]) : [];
}
