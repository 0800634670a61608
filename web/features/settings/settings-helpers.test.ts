// The settings screen's pure parts: groups cover every type once, a save sends only what changed, the number form
// starts from what is known, the time zones offered, the PIN's state and the phone bot's messages.
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, PHONE_CHANNELS, type TPhoneStatus } from '../../../contract/notifications';
import * as phoneContract from '../../../contract/phone';
import en from '../../locales/en/settings.json';
import fr from '../../locales/fr/settings.json';
import { connectedChannels, QUOTE_MAX, quoteText } from './bot-messages';
import { type ChoiceEdits, changedTypes, channelBlock, type TypeChoices } from './channel-choices';
import { NOTIFICATION_GROUPS } from './notification-groups';
import { CHANNELS, MAX_RESEND_WAIT_MS, phoneFormDefaults, resendDeadline, splitPhone } from './phone-number';
import { PIN_LENGTH, PIN_TRIES, pinState } from './phone-pin';
import { timeZoneChoices, timeZoneLabel } from './time-zones';

const inAppOnly = { inApp: true, sms: false, whatsapp: false };
const saved = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, inAppOnly])) as TypeChoices;

const status = (over: Partial<TPhoneStatus> = {}): TPhoneStatus => ({
  verifiedPhone: null,
  verifiedVia: null,
  pending: null,
  channels: [
    { channel: 'sms', state: 'not_verified', lastDelivery: null },
    { channel: 'whatsapp', state: 'off', lastDelivery: null },
  ],
  pin: { set: false, locked: false },
  bot: { lastIn: null, lastOut: null, stopped: [] },
  ...over,
});

describe('notification groups', () => {
  it('hold every type exactly once', () => {
    const grouped = NOTIFICATION_GROUPS.flatMap((group) => group.types);
    expect([...grouped].sort()).toEqual([...NOTIFICATION_TYPES].sort());
  });

  it('name every type in both languages (the screen reads `types.labels.<type>`)', () => {
    for (const labels of [en.types.labels, fr.types.labels]) {
      expect(Object.keys(labels).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    }
  });
});

describe('changedTypes', () => {
  it('keeps only the channels, per type, that differ from those saved', () => {
    const edits: ChoiceEdits = {
      post_comment: { inApp: false, sms: false, whatsapp: false },
      // Toggled and toggled back: nothing to send.
      bid_received: { ...inAppOnly },
    };
    // Only In app changed: SMS and WhatsApp are not sent, so they keep following the defaults.
    expect(changedTypes(saved, edits)).toEqual({ post_comment: { inApp: false } });
    expect(changedTypes(saved, {})).toEqual({});
  });
});

describe('channelBlock', () => {
  it('says why a channel cannot carry messages, or null when it can', () => {
    expect(channelBlock(status(), 'sms')).toBe('not_verified');
    expect(channelBlock(status(), 'whatsapp')).toBe('off');
    expect(channelBlock(undefined, 'sms')).toBe('off');
    const connected = status({
      channels: [{ channel: 'sms', state: 'connected', lastDelivery: null }],
    });
    expect(channelBlock(connected, 'sms')).toBeNull();
  });
});

describe('phone form', () => {
  it('splits a number at a known country code only', () => {
    expect(splitPhone('+237677123456', '+237')).toEqual({ countryCode: '+237', phoneNumber: '677123456' });
    expect(splitPhone('+225071234567', '+237')).toBeNull();
    expect(splitPhone('+237', '+237')).toBeNull();
    expect(splitPhone('+237677123456', null)).toBeNull();
  });

  it('starts from the number a code went to, else the profile, with a channel that is on', () => {
    const profile = { countryCode: '+237', phoneNumber: '677 12 34 56' };
    expect(phoneFormDefaults(status(), profile)).toEqual({ ...profile, channel: 'sms' });
    expect(phoneFormDefaults(status(), null)).toEqual({ countryCode: '', phoneNumber: '', channel: 'sms' });
    // The deployment's country code fills an empty form, never over the user's own.
    expect(phoneFormDefaults(status(), null, '+237')).toEqual({
      countryCode: '+237',
      phoneNumber: '',
      channel: 'sms',
    });
    expect(phoneFormDefaults(status(), profile, '+221')).toEqual({ ...profile, channel: 'sms' });
    const pending = status({
      pending: {
        phone: '+237699000111',
        channel: 'whatsapp',
        expiresAt: '2026-07-06T12:10:00.000Z',
        triesLeft: 3,
        resendAt: '2026-07-06T12:01:00.000Z',
      },
    });
    // WhatsApp is off here: the code goes by SMS.
    expect(phoneFormDefaults(pending, profile)).toEqual({
      countryCode: '+237',
      phoneNumber: '699000111',
      channel: 'sms',
    });
    // A number the profile's code does not split is not replaced by the profile's number.
    expect(phoneFormDefaults(pending, { countryCode: '+225', phoneNumber: '0701' })).toMatchObject({
      countryCode: '+225',
      phoneNumber: '',
    });
  });
});

describe('resendDeadline', () => {
  const pending = (resendAt: string): TPhoneStatus['pending'] => ({
    phone: '+237677123456',
    channel: 'sms',
    expiresAt: '2026-07-06T12:10:00.000Z',
    triesLeft: 5,
    resendAt,
  });
  const readAt = Date.parse('2026-07-06T12:00:00.000Z');

  it("is the server's moment, at most a bounded wait after it was read", () => {
    expect(resendDeadline(pending('2026-07-06T12:00:30.000Z'), readAt)).toBe(readAt + 30_000);
    // A device clock an hour behind would wait an hour.
    expect(resendDeadline(pending('2026-07-06T13:00:30.000Z'), readAt)).toBe(readAt + MAX_RESEND_WAIT_MS);
    expect(resendDeadline(null, readAt)).toBe(0);
  });

  it("lists the contract's channels", () => {
    expect([...CHANNELS]).toEqual([...PHONE_CHANNELS]);
  });
});

describe('time zones', () => {
  it("offer the device's zone first and the saved one, each once", () => {
    const zones = timeZoneChoices('Africa/Lagos', 'Asia/Tokyo');
    expect(zones.slice(0, 2)).toEqual(['Africa/Lagos', 'Asia/Tokyo']);
    expect(zones).toEqual(expect.arrayContaining(['Africa/Douala', 'Africa/Kinshasa', 'Africa/Dakar']));
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('name a zone with its offset', () => {
    expect(timeZoneLabel('Africa/Douala', 'en-US', new Date('2026-07-06T12:00:00Z'))).toBe(
      'Africa/Douala (GMT+1)',
    );
    // The offset's wording is the runtime's (ICU): 'UTC', 'UTC+0', 'GMT'.
    expect(timeZoneLabel('Africa/Abidjan', 'fr-FR', new Date('2026-07-06T12:00:00Z'))).toMatch(
      /^Africa\/Abidjan \((UTC|GMT)/,
    );
    expect(timeZoneLabel('Not/A_Zone', 'en-US')).toBe('Not/A_Zone');
  });
});

describe('phone PIN', () => {
  it("has the contract's length and tries", () => {
    expect(PIN_LENGTH).toBe(phoneContract.PIN_LENGTH);
    expect(PIN_TRIES).toBe(phoneContract.PIN_TRIES);
  });

  it('is locked before it is set: a locked PIN needs a new one', () => {
    expect(pinState({ set: false, locked: false })).toBe('unset');
    expect(pinState({ set: true, locked: false })).toBe('set');
    expect(pinState({ set: true, locked: true })).toBe('locked');
  });

  it('is checked by the schema the form uses', () => {
    const ok = phoneContract.ZPinInput.safeParse({ pin: '0123', currentPassword: 'x' });
    expect(ok.success).toBe(true);
    for (const pin of ['123', '12345', '12a4', '']) {
      const parsed = phoneContract.ZPinInput.safeParse({ pin, currentPassword: 'x' });
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['settings.validation.pin']);
    }
  });
});

describe('phone bot', () => {
  it('quotes a message on one line, cut with an ellipsis', () => {
    expect(quoteText('  SELL maize\n 200 kg  ')).toBe('SELL maize 200 kg');
    const long = 'a'.repeat(QUOTE_MAX + 10);
    expect(quoteText(long)).toBe(`${'a'.repeat(QUOTE_MAX - 1)}…`);
    expect(Array.from(quoteText(long))).toHaveLength(QUOTE_MAX);
    expect(quoteText('a'.repeat(QUOTE_MAX))).toBe('a'.repeat(QUOTE_MAX));
    // Characters, not UTF-16 units: an emoji is kept whole or dropped whole.
    expect(quoteText('🌽🌽🌽🌽', 3)).toBe('🌽🌽…');
  });

  it('lists the connected channels in screen order', () => {
    expect(connectedChannels(status())).toEqual([]);
    const both = status({
      channels: [
        { channel: 'whatsapp', state: 'connected', lastDelivery: null },
        { channel: 'sms', state: 'connected', lastDelivery: null },
      ],
    });
    expect(connectedChannels(both)).toEqual(['sms', 'whatsapp']);
  });
});
