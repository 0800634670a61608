// A co-operative member's lines by phone: days, kilograms and money as a phone writes them (plain spaces, so French
// stays GSM-7), an intake and its correcting entry marked, what is owed, and lists packed to what fits.
import { describe, expect, it } from 'vitest';
import { smsLength } from '../channels/sms-text';
import type { PhoneIntake } from '../groups';
import {
  dayText,
  fitsOneScreen,
  fitsOneSms,
  intakeLine,
  kgText,
  oneSms,
  owedLine,
  packLines,
  shareLine,
} from './phone-coop-text';
import { money } from './phone-text';

const intake = (over: Partial<PhoneIntake> = {}): PhoneIntake => ({
  reference: '8F3K',
  kg: 1200,
  crop: 'maize',
  grade: 'B',
  date: '2026-11-12',
  reversal: false,
  reversed: false,
  ...over,
});

describe('co-op phone lines', () => {
  it('writes days and kilograms in each language with plain spaces', () => {
    expect(dayText('en', '2026-11-02')).toBe('Nov 2');
    expect(dayText('fr', '2026-11-02')).toBe('2 nov.');
    // The day as stored, whatever the server's time zone.
    expect(dayText('en', '2026-01-01')).toBe('Jan 1');
    expect(kgText('en', 12500)).toBe('12,500');
    expect(kgText('fr', 12500)).toBe('12 500');
    expect(kgText('fr', -150)).toBe('-150');
  });

  it('marks a correcting entry and the intake it cancels', () => {
    expect(intakeLine('en', intake(), 'Maize')).toBe('8F3K 1,200 kg Maize B Nov 12');
    expect(intakeLine('en', intake({ reversed: true }), 'Maize')).toBe(
      '8F3K 1,200 kg Maize B Nov 12 (cancelled)',
    );
    expect(intakeLine('en', intake({ reference: 'Q2W7', kg: -1200, reversal: true }), 'Maize')).toBe(
      'Q2W7 -1,200 kg Maize B Nov 12 (correction)',
    );
    expect(intakeLine('fr', intake({ reversed: true }), 'Maïs')).toBe(
      '8F3K 1 200 kg Maïs B 12 nov. (annulée)',
    );
    expect(intakeLine('fr', intake({ kg: -1200, reversal: true }), 'Maïs')).toBe(
      '8F3K -1 200 kg Maïs B 12 nov. (rectification)',
    );
  });

  it('says what awaits settlement and what is due, or that nothing is', () => {
    const owed = { awaitingKg: 450, dueNet: 1_250_000, creditOwed: 0, shares: [] };
    expect(owedLine('en', owed)).toBe(`Not yet settled: 450 kg. Due to you: ${money('en', 1_250_000)}.`);
    expect(owedLine('fr', { ...owed, dueNet: 0 })).toBe('Pas encore réglé : 450 kg. Rien à vous verser.');
    const share = { date: '2026-11-21', net: 600_000, status: 'cash_due' as const };
    expect(shareLine('en', share, 'coop.payout')).toBe(`Nov 21: ${money('en', 600_000)}, to collect in cash`);
    expect(shareLine('fr', { ...share, status: 'failed' }, 'coop.share')).toBe(
      `Part du 21 nov. : ${money('fr', 600_000)}, échoué, la coop va réessayer`,
    );
  });

  it('packs the newest items that fit, saying more are in the app, and always keeps one', () => {
    const items = Array.from({ length: 8 }, (_, i) => `item ${i + 1} ${'x'.repeat(20)}`);
    const packed = packLines({
      head: ['Coop Menoua, your deliveries:'],
      items,
      tail: ['Not yet settled: 450 kg.'],
      more: 'More in the app.',
      moreBeyond: false,
      fits: fitsOneSms,
    });
    expect(packed[0]).toBe('Coop Menoua, your deliveries:');
    expect(packed.slice(1, -2)).toEqual(items.slice(0, packed.length - 3));
    expect(packed.slice(-2)).toEqual(['More in the app.', 'Not yet settled: 450 kg.']);
    expect(smsLength(packed.join('\n')).segments).toBe(1);
    // One more would not have fitted.
    const oneMore = [...packed.slice(0, -2), items[packed.length - 3] as string, ...packed.slice(-2)];
    expect(fitsOneSms(oneMore.join('\n'))).toBe(false);
    // All that fit, and nothing beyond: no "more" line.
    expect(
      packLines({
        head: ['h'],
        items: ['a', 'b'],
        tail: ['t'],
        more: 'm',
        moreBeyond: false,
        fits: fitsOneSms,
      }),
    ).toEqual(['h', 'a', 'b', 't']);
    expect(
      packLines({ head: ['h'], items: ['a'], tail: [], more: 'm', moreBeyond: true, fits: fitsOneScreen }),
    ).toEqual(['h', 'a', 'm']);
    // Never nothing: a single long item stays, for the channel to split or cut.
    const long = 'y'.repeat(300);
    expect(
      packLines({ head: [], items: [long, 'b'], tail: [], more: 'm', moreBeyond: false, fits: fitsOneSms }),
    ).toEqual([long, 'm']);
  });

  it('sends an SMS in GSM-7 spelling only when that is what makes it one part', () => {
    const short = 'Coop Menoua, vos livraisons :\n8F3K 300 kg Maïs B 12 nov.';
    expect(oneSms(short)).toBe(short);
    const longer = `${short}\n${'Pas encore réglé : 450 kg. '.repeat(2)}`;
    expect(smsLength(longer).segments).toBe(2);
    expect(oneSms(longer)).toBe(longer.replace('Maïs', 'Mais'));
    const tooLong = `${short}\n${'z'.repeat(200)}`;
    expect(oneSms(tooLong)).toBe(tooLong);
  });
});
