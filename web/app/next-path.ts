// The page a signed-out visitor asked for, carried through the sign-in screen (`/?next=…`) to land on it after.
import { NEXT_PARAM as NEXT, SHORT_LINK_PATH } from '../../contract/constants';

// Any origin would do: only whether a path stays on it matters.
const HERE = 'http://here.invalid';

/**
 * `next` when it is a path on this site ('/orders?order=12#top'), normalised; else null. Never another site: not
 * '//evil.example' or '/\evil.example' (both read as another host), nor a full URL, nor a path the URL parser turns
 * into one (it drops tabs and newlines: '/\t/evil.example').
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(next, HERE);
  } catch {
    return null;
  }
  return url.origin === HERE ? `${url.pathname}${url.search}${url.hash}` : null;
}

/** The sign-in screen's address that brings the visitor back to `path` after (home needs no `next`). */
export function signInAddress(path: string): string {
  const next = safeNextPath(path);
  return next && next !== '/' ? `/?${new URLSearchParams({ [NEXT]: next })}` : '/';
}

/** The page to go to now that someone signed in at `search` (the sign-in screen's query), if one was asked for. */
export function nextFromSearch(search: string): string | null {
  return safeNextPath(new URLSearchParams(search).get(NEXT));
}

/** A path the server answers itself (a message's short link): the app goes there by loading it, not by routing. */
export const isServerPath = (path: string) => path.startsWith(SHORT_LINK_PATH);
