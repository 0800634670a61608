import { describe, expect, it } from 'vitest';
import {
  RATING_EDIT_DAYS,
  ratingEditable,
  ratingEditableUntil,
  roundedAverage,
} from '../../../contract/ratings';
import { ratingForm } from './form-schema';

describe('the rating form', () => {
  it('asks for a score from 1 to 5 and keeps a note within 280 characters, as free text', () => {
    expect(ratingForm.safeParse({ score: '', note: '' }).error?.issues[0]?.message).toBe(
      'ratings.validation.score',
    );
    expect(ratingForm.safeParse({ score: '6', note: '' }).success).toBe(false);
    expect(ratingForm.safeParse({ score: '0', note: '' }).success).toBe(false);
    expect(ratingForm.safeParse({ score: '4', note: 'x'.repeat(281) }).error?.issues[0]?.message).toBe(
      'ratings.validation.note',
    );
    expect(ratingForm.parse({ score: '4', note: '  Dry\u200b grain  ' })).toEqual({
      score: 4,
      note: 'Dry grain',
    });
    expect(ratingForm.parse({ score: '5', note: '   ' })).toEqual({ score: 5, note: null });
  });
});

describe('rating rules', () => {
  it('rounds the average to one decimal and has none without ratings', () => {
    expect(roundedAverage(11, 3)).toBe(3.7);
    expect(roundedAverage(9, 2)).toBe(4.5);
    expect(roundedAverage(0, 0)).toBeNull();
  });

  it('keeps a rating editable for RATING_EDIT_DAYS from when it was first given, not after', () => {
    const given = new Date('2026-11-20T10:00:00Z');
    const until = ratingEditableUntil(given);
    expect(until.toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(RATING_EDIT_DAYS).toBe(7);
    expect(ratingEditable(given, new Date('2026-11-27T09:59:59Z'))).toBe(true);
    expect(ratingEditable(given, until)).toBe(false);
  });
});
