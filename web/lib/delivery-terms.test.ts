import { describe, expect, it } from 'vitest';
import { formatWindow, geoUri, localInputToIso, mapLink } from './delivery-terms';

describe('delivery terms on screen', () => {
  it('links a pinned place to the map and leaves an unpinned one without a link', () => {
    expect(mapLink({ latitude: 5.4781, longitude: 10.4176 })).toBe(
      'https://www.openstreetmap.org/?mlat=5.4781&mlon=10.4176#map=16/5.4781/10.4176',
    );
    expect(geoUri({ latitude: -3.5, longitude: 10 })).toBe('geo:-3.5,10');
    expect(mapLink({ latitude: null, longitude: null })).toBeNull();
    expect(geoUri({ latitude: null, longitude: null })).toBeNull();
  });

  it('writes the window in the reader language, the day once', () => {
    const window = { from: '2026-12-01T08:00:00.000Z', to: '2026-12-01T12:30:00.000Z' };
    const en = formatWindow(window, 'en', 'UTC');
    const fr = formatWindow(window, 'fr', 'UTC');
    expect(en).toMatch(/Dec 1, 2026/);
    expect(en).toMatch(/8:00/);
    expect(en).toMatch(/12:30/);
    expect(fr).toMatch(/1 déc\. 2026/);
    expect(fr).toMatch(/08:00/);
    expect(fr).toMatch(/12:30/);
    expect(en.match(/2026/g)).toHaveLength(1);
  });

  it('reads a datetime-local value as an instant, and nothing else', () => {
    expect(localInputToIso('2026-12-01T08:00')).toBe(new Date(2026, 11, 1, 8, 0).toISOString());
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('tomorrow')).toBeNull();
  });
});
