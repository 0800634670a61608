// Reads the session a served page carries, as the web app's start-up does (undefined when there is none).
import type { TPageSession } from '../../contract/auth';
import { PAGE_SESSION_ID } from '../../contract/constants';

const BLOCK = new RegExp(`<script type="application/json" id="${PAGE_SESSION_ID}">(.*?)</script>`);

export function pageSessionOf(html: string): TPageSession | undefined {
  const match = BLOCK.exec(html);
  return match ? (JSON.parse(match[1] ?? '') as TPageSession) : undefined;
}
