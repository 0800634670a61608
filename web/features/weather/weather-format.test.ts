// An alert's facts as each language writes them: ISO days and times per locale, numbers with the locale's
// separator, other words left as they are.
import { describe, expect, it } from 'vitest';
import { formatFacts, formatUpdated } from './weather-format';

describe('formatFacts', () => {
  const facts = { from: '2026-12-01', to: '2026-12-01T06:00', mm: 22.5, hours: 6, plot: 'North' };

  it('writes dates, times and numbers in French', () => {
    expect(formatFacts(facts, 'fr')).toEqual({
      from: 'mar. 1 déc.',
      to: 'mar. 1 déc., 06:00',
      mm: '22,5',
      hours: '6',
      plot: 'North',
    });
  });

  it('writes them in English', () => {
    expect(formatFacts(facts, 'en')).toEqual({
      from: 'Tue, Dec 1',
      to: 'Tue, Dec 1, 6:00 AM',
      mm: '22.5',
      hours: '6',
      plot: 'North',
    });
  });

  it('formats an ISO time under any name, and leaves a word named like a date alone', () => {
    expect(formatFacts({ until: '2026-12-01T18:30', day: 'soon' }, 'fr')).toEqual({
      until: 'mar. 1 déc., 18:30',
      day: 'soon',
    });
  });
});

describe('formatUpdated', () => {
  const now = new Date('2026-11-27T16:00:00');
  it('says the time alone today, the day too before', () => {
    expect(formatUpdated('2026-11-27T14:05:00', 'fr', now)).toBe('14:05');
    expect(formatUpdated('2026-11-26T14:05:00', 'fr', now)).toBe('26 nov., 14:05');
    expect(formatUpdated('2026-11-26T14:05:00', 'en', now)).toBe('Nov 26, 2:05 PM');
  });
});
