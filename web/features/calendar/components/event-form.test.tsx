// The announce form as each reader sees it: a group's admin chooses among their groups and every kind (collection
// days and meetings too), a buyer only a buyer's visit for everyone, a manager the public kinds; every field named
// by its label, in both languages, with the lessons to pick from folded away.
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { describe, expect, it } from 'vitest';
import type { TLessonSummary } from '../../../../contract/lessons';
import { lessonsQuery } from '../../../lib/queries/lessons';
import { draw, sampleGroup } from '../calendar-test-kit';
import { EventForm } from './event-form';

const coop = sampleGroup(1, 'Coopérative de la Mifi', 'admin');
const youth = sampleGroup(4, 'Jeunes agriculteurs', 'admin');
const lesson = { id: 3, slug: 'maize-spacing', title: 'Spacing maize' } as TLessonSummary;

const drawForm = (
  role: 'farmer' | 'buyer' | 'manager',
  groups = [coop, youth],
  language: 'en' | 'fr' = 'en',
) =>
  draw(
    // The form's Cancel closes the dialog it is drawn in.
    <DialogPrimitive.Root>
      <EventForm role={role} groups={groups} onDone={() => undefined} />
    </DialogPrimitive.Root>,
    { language, role, cache: [[lessonsQuery({}, language).queryKey, [lesson]]] },
  );

/** The options of the select with this id, as [value, text]. */
const options = (html: string, id: string) =>
  [
    ...(html.match(new RegExp(`<select[^>]*id="${id}"[^>]*>(.*?)</select>`))?.[1] ?? '').matchAll(
      /<option value="([^"]*)"[^>]*>([^<]*)</g,
    ),
  ].map((m) => [m[1], m[2]]);

describe('EventForm', () => {
  it.each(['en', 'fr'] as const)('names every field in %s with no text missing', async (language) => {
    const { html, missing } = await drawForm('farmer', [coop], language);
    expect(missing).toEqual([]);
    for (const field of [
      'groupId',
      'kind',
      'title',
      'description',
      'startsAt',
      'endsAt',
      'placeName',
      'latitude',
      'longitude',
      'capacity',
    ]) {
      expect(html, field).toMatch(new RegExp(`<label for="event-${field}"`));
      expect(html, field).toMatch(new RegExp(`id="event-${field}"`));
    }
  });

  it('gives a group’s admin their groups only and every kind, collection days among them', async () => {
    const { html } = await drawForm('farmer');
    expect(options(html, 'event-groupId')).toEqual([
      ['1', 'Coopérative de la Mifi'],
      ['4', 'Jeunes agriculteurs'],
    ]);
    const kinds = options(html, 'event-kind').map(([value]) => value);
    expect(kinds).toContain('collection_day');
    expect(kinds).toContain('coop_meeting');
    expect(kinds).toHaveLength(7);
  });

  it('gives a buyer a buyer’s visit for everyone, with no group to choose', async () => {
    const { html } = await drawForm('buyer', []);
    expect(html).not.toContain('id="event-groupId"');
    expect(options(html, 'event-kind')).toEqual([['buyer_visit', 'Buyer&#x27;s visit']]);
  });

  it('gives a manager the public kinds, for everyone first', async () => {
    const { html } = await drawForm('manager', []);
    expect(options(html, 'event-kind').map(([value]) => value)).toEqual([
      'training',
      'field_day',
      'market_day',
      'input_fair',
      'buyer_visit',
    ]);
  });

  it('offers the phone’s location and the lessons to read, in French', async () => {
    const { text, html } = await drawForm('farmer', [coop], 'fr');
    expect(text).toContain('Utiliser ma position');
    expect(text).toContain('Leçons à lire avant (0 choisie)');
    expect(html).toContain('Spacing maize');
    expect(html).toMatch(/<input[^>]*type="datetime-local"[^>]*id="event-startsAt"/);
    expect(text).toContain('Annoncer');
  });
});
