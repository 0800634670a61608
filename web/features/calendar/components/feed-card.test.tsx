// "My calendar feed": without an address, the button that makes one; with one, the address under its label with
// Copy, "New address" and "Stop", the sentence saying what it does, and the link that opens it in a phone's calendar.
import { describe, expect, it } from 'vitest';
import { calendarFeedQuery } from '../../../lib/queries/calendar';
import { draw } from '../calendar-test-kit';
import { FeedCard, webcalAddress } from './feed-card';

const URL = 'https://terroir.example/api/calendar/feed/3f9a2c.ics';

const drawCard = (url: string | null, language: 'en' | 'fr' = 'en', active = url !== null) =>
  draw(<FeedCard />, { language, cache: [[calendarFeedQuery().queryKey, { url, active }]] });

describe('FeedCard', () => {
  it.each(['en', 'fr'] as const)('draws both states in %s with no text missing', async (language) => {
    expect((await drawCard(null, language)).missing).toEqual([]);
    expect((await drawCard(URL, language)).missing).toEqual([]);
  });

  it('says what the feed does and offers to make an address when there is none', async () => {
    const { html, text } = await drawCard(null);
    expect(text).toContain("Add Terroir's events to your phone's calendar");
    expect(text).toContain('Get my calendar address');
    expect(html).not.toContain('<textarea');
  });

  it('shows the address with Copy, New address and Stop, and the link for the phone’s calendar', async () => {
    const { html, text } = await drawCard(URL);
    expect(html).toMatch(/<label for="calendar-feed-url"[^>]*>Your calendar address<\/label>/);
    expect(html).toMatch(
      new RegExp(`<textarea[^>]*id="calendar-feed-url"[^>]*readOnly=""[^>]*>${URL}</textarea>`),
    );
    for (const action of ['Copy', 'New address', 'Stop']) {
      expect(html).toMatch(new RegExp(`<button[^>]*>(<svg.*?</svg>)?${action}</button>`));
    }
    expect(html).toContain('href="webcal://terroir.example/api/calendar/feed/3f9a2c.ics"');
    expect(text).toContain('do not share it');
  });

  it('says a feed in use is shown only when made, and offers a new address or to stop, not to start one', async () => {
    const { html, text } = await drawCard(null, 'en', true);
    expect(text).toContain('shown only once');
    expect(text).not.toContain('Get my calendar address');
    expect(html).not.toContain('<textarea');
    for (const action of ['New address', 'Stop']) {
      expect(html).toMatch(new RegExp(`<button[^>]*>${action}</button>`));
    }
    expect((await drawCard(null, 'fr', true)).missing).toEqual([]);
  });

  it('reads in French', async () => {
    const { text } = await drawCard(URL, 'fr');
    expect(text).toContain('Mon agenda');
    expect(text).toContain('Ajoutez les événements de Terroir à l’agenda de votre téléphone');
    expect(text).toContain('Nouvelle adresse');
    expect(text).toContain('Arrêter');
  });

  it('turns an http(s) address into a webcal one', () => {
    expect(webcalAddress('http://localhost:3000/api/calendar/feed/a.ics')).toBe(
      'webcal://localhost:3000/api/calendar/feed/a.ics',
    );
  });
});
