// The announce form's checks are the contract's (an end after the start and within a week, a collection day only
// for a group, a title of 3 characters or more, a whole number of places), each said under its own field; the form
// adds what it alone can read (a time typed, both coordinates or neither) and sends local times with their offset.
import { describe, expect, it } from 'vitest';
import '../../lib/zod-messages';
import {
  EVENT_FORM_DEFAULTS,
  type EventFormValues,
  eventForm,
  localInputToOffsetIso,
} from './event-form-schema';

const filled: EventFormValues = {
  ...EVENT_FORM_DEFAULTS,
  kind: 'collection_day',
  title: 'Maize collection',
  description: 'Bring your bags to the store.',
  startsAt: '2099-12-03T08:00',
  endsAt: '2099-12-03T14:00',
  placeName: 'Bafoussam store',
  groupId: '1',
};

/** Each field's first message (a key of the catalogues). */
function errors(values: EventFormValues): Record<string, string> {
  const result = eventForm.safeParse(values);
  const found: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    found[String(issue.path[0])] ??= issue.message;
  }
  return found;
}

describe('localInputToOffsetIso', () => {
  it('keeps the wall time typed and adds the phone’s offset at that date', () => {
    const iso = localInputToOffsetIso('2099-12-03T08:00');
    expect(iso).toMatch(/^2099-12-03T08:00:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(iso ?? '')).toBe(new Date('2099-12-03T08:00').getTime());
  });

  it('reads nothing else', () => {
    expect(localInputToOffsetIso('')).toBeNull();
    expect(localInputToOffsetIso('2099-12-03')).toBeNull();
    expect(localInputToOffsetIso('2099-13-45T99:00')).toBeNull();
  });
});

describe('eventForm', () => {
  it('gives the API its input: times with their offset, blanks left out, a pin only with both coordinates', () => {
    const result = eventForm.safeParse({
      ...filled,
      latitude: '5,4921',
      longitude: '10.4312',
      capacity: '40',
      lessonIds: '3,8',
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      kind: 'collection_day',
      title: 'Maize collection',
      description: 'Bring your bags to the store.',
      startsAt: localInputToOffsetIso('2099-12-03T08:00'),
      endsAt: localInputToOffsetIso('2099-12-03T14:00'),
      place: { name: 'Bafoussam store', latitude: 5.4921, longitude: 10.4312 },
      groupId: 1,
      capacity: 40,
      lessonIds: [3, 8],
    });
    const bare = eventForm.safeParse({ ...filled, kind: 'training', groupId: '' });
    expect(bare.data).not.toHaveProperty('groupId');
    expect(bare.data).not.toHaveProperty('capacity');
    expect(bare.data).not.toHaveProperty('lessonIds');
    expect(bare.data?.place).toEqual({ name: 'Bafoussam store' });
  });

  it('says the contract’s messages under their fields', () => {
    expect(errors({ ...filled, endsAt: '2099-12-03T07:00' })).toEqual({ endsAt: 'calendar.validation.ends' });
    expect(errors({ ...filled, endsAt: '2099-12-11T08:00' })).toEqual({ endsAt: 'calendar.validation.ends' });
    expect(errors({ ...filled, groupId: '' })).toEqual({ groupId: 'calendar.validation.groupNeeded' });
    expect(errors({ ...filled, kind: '' })).toEqual({ kind: 'calendar.validation.kind' });
    const wrong = errors({ ...filled, title: 'Ma', placeName: 'B', capacity: '0' });
    expect(Object.keys(wrong).sort()).toEqual(['capacity', 'placeName', 'title']);
    expect(wrong.title).toMatch(/^validation\./);
    expect(errors({ ...filled, capacity: '2.5' })).toHaveProperty('capacity');
  });

  it('asks for a time it cannot read, without the contract’s check of the times', () => {
    expect(errors({ ...filled, startsAt: '' })).toEqual({ startsAt: 'calendar.form.errors.when' });
    expect(errors({ ...filled, startsAt: '', endsAt: '' })).toEqual({
      startsAt: 'calendar.form.errors.when',
      endsAt: 'calendar.form.errors.when',
    });
  });

  it('takes both coordinates or neither', () => {
    expect(errors({ ...filled, latitude: '5.49' })).toEqual({ latitude: 'calendar.form.errors.coordinates' });
    expect(errors({ ...filled, latitude: 'north', longitude: '10.4' })).toEqual({
      latitude: 'calendar.form.errors.coordinates',
    });
    expect(errors({ ...filled, latitude: '95', longitude: '10.4' })).toHaveProperty('latitude');
  });
});
