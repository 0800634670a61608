// The time zones quiet hours offer: this device's, the saved one, and those of the regions Terroir serves.
const REGION_ZONES = [
  'Africa/Douala',
  'Africa/Lagos',
  'Africa/Abidjan',
  'Africa/Dakar',
  'Africa/Accra',
  'Africa/Ouagadougou',
  'Africa/Bamako',
  'Africa/Lome',
  'Africa/Niamey',
  'Africa/Ndjamena',
  'Africa/Libreville',
  'Africa/Kinshasa',
  'Africa/Lubumbashi',
  'Africa/Brazzaville',
  'Africa/Bangui',
  'Africa/Nairobi',
  'Europe/Paris',
  'UTC',
];

/** The device's zone first, then the saved one, then the region's, each once. */
export function timeZoneChoices(device: string, saved: string | null): string[] {
  return [...new Set([device, ...(saved ? [saved] : []), ...REGION_ZONES])];
}

/** 'Africa/Douala (GMT+1)': the zone's name and its offset from UTC now. */
export function timeZoneLabel(zone: string, locale: string, now = new Date()): string {
  try {
    const offset = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(now)
      .find((part) => part.type === 'timeZoneName')?.value;
    return `${zone.replaceAll('_', ' ')}${offset ? ` (${offset})` : ''}`;
  } catch {
    return zone;
  }
}
