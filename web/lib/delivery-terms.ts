// A delivery's terms as the screens show them: a place's map link, the window in the reader's language.
import type { TPlace } from '../../contract/delivery-terms';
import { intlLocale } from './format';

/** Zoom of the map a pin opens at: a village's streets. */
const MAP_ZOOM = 16;

/** Where a pinned place opens: OpenStreetMap with a marker on the pin (any phone's browser shows it); null unpinned. */
export function mapLink(place: Pick<TPlace, 'latitude' | 'longitude'>): string | null {
  const { latitude, longitude } = place;
  if (latitude === null || longitude === null) {
    return null;
  }
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=${MAP_ZOOM}/${latitude}/${longitude}`;
}

/** A `geo:` address of the pin, which a phone hands to its maps application. */
export function geoUri(place: Pick<TPlace, 'latitude' | 'longitude'>): string | null {
  return place.latitude === null || place.longitude === null
    ? null
    : `geo:${place.latitude},${place.longitude}`;
}

/**
 * The window from one instant to another in the reader's language and time zone, the day said once when it is
 * the same ('Dec 1, 2026, 8:00 – 12:30 PM' / '1 déc. 2026, 08:00 – 12:30').
 */
export function formatWindow(
  window: { from: string; to: string },
  language: string,
  timeZone?: string,
): string {
  const format = new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
  return format.formatRange(new Date(window.from), new Date(window.to));
}

/** A `datetime-local` input's value ('2026-12-01T08:00', the phone's time) as an ISO instant; null if not one. */
export function localInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) {
    return null;
  }
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
