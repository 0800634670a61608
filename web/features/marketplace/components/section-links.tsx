// Links at the top of the marketplace to the sections below a long market on a phone: the bids a seller received,
// a buyer's bids, the listings. Each moves focus to its section, so a keyboard continues from there.
import { type MouseEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BIDS_RECEIVED_ID } from './bids-received';
import { LISTINGS_ID } from './commodity-list';
import { MY_BIDS_ID } from './my-bids';

const SECTIONS = [BIDS_RECEIVED_ID, LISTINGS_ID, MY_BIDS_ID];

function jump(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) {
    return;
  }
  event.preventDefault();
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
}

export function SectionLinks({
  received,
  pendingBids,
  drawn,
}: {
  /** Whether the sections below the market summary are on the page yet (a link's target may be among them). */
  drawn: boolean;
  /** Pending bids received (sellers), or undefined when the user is not a seller. */
  received: number | undefined;
  /** The buyer's pending bids, or undefined when the user is not a buyer. */
  pendingBids: number | undefined;
}) {
  const { t } = useTranslation('marketplace');
  // Arriving from a link to a section (the dashboard's cards): go there once it is on the page. The sections come
  // as their data does, so this tries again each time the counts change or the sections are drawn.
  const arrived = useRef(false);
  const counts = `${received}|${pendingBids}|${drawn}`;
  useEffect(() => {
    const id = window.location.hash.slice(1);
    const target = id && SECTIONS.includes(id) ? document.getElementById(id) : null;
    if (!arrived.current && counts && target) {
      arrived.current = true;
      target.scrollIntoView({ block: 'start' });
      target.focus({ preventScroll: true });
    }
  }, [counts]);
  const link = (id: string, label: string) => (
    <a
      href={`#${id}`}
      onClick={(event) => jump(event, id)}
      className="inline-flex items-center rounded-full border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      {label}
    </a>
  );
  return (
    <nav aria-label={t('sections.label')} className="mb-4 flex flex-wrap gap-2">
      {received === undefined ? null : link(BIDS_RECEIVED_ID, t('sections.received', { count: received }))}
      {pendingBids === undefined ? null : link(MY_BIDS_ID, t('sections.myBids', { count: pendingBids }))}
      {link(LISTINGS_ID, t('sections.listings'))}
    </nav>
  );
}
