// The phone channels as Africa's Talking calls them, for tests: an SMS received (its inbound callback) and a USSD
// session whose every screen must be a 200 `CON`/`END` that fits a handset.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { fitsUssd } from '../channels/sms-text';

/**
 * `app` is read at each call (a test's app is made in `beforeAll`); `name` keeps this file's message and session ids
 * apart from another's.
 */
export function phoneChannels(app: () => FastifyInstance, key: string, name: string) {
  let messages = 0;
  let sessions = 0;
  return {
    /** An SMS from `from`, as the provider's inbound callback posts it. */
    async sms(from: string, text: string): Promise<void> {
      const res = await app().inject({
        method: 'POST',
        url: `/api/channels/sms/inbound?key=${key}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          from,
          to: '1234',
          text,
          date: '2026-11-27 10:00:00',
          id: `ATXid_${name}${++messages}`,
          linkId: 'l1',
        }).toString(),
      });
      expect(res.statusCode, res.body).toBe(200);
    },
    /** A session on one phone: each call types more answers and returns the screen. */
    dial(phone: string) {
      sessions += 1;
      const sessionId = `ATUid_${name}${sessions}`;
      const path: string[] = [];
      return async (...answers: string[]): Promise<string> => {
        path.push(...answers);
        const res = await app().inject({
          method: 'POST',
          url: `/api/channels/ussd?key=${key}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({
            sessionId,
            serviceCode: '*384*1234#',
            phoneNumber: phone,
            networkCode: '62401',
            text: path.join('*'),
          }).toString(),
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body).toMatch(/^(CON|END) \S/);
        expect(fitsUssd(res.body.slice(4)), res.body).toBe(true);
        return res.body;
      };
    },
  };
}
