// A server of a spec's own that sends and receives SMS: the shared e2e server has no SMS provider (settings.spec.ts
// checks the channels off), so this one is the same build on a fresh database, with Africa's Talking pointed at the
// local stand-in that records what is sent, and (with the demo data) the payments stand-in the demo's sales need.
// (french-phone-flow.spec.ts has its own copy without the demo; it could use this one.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, inject } from 'vitest';
import { momoEnv, orangeEnv, startPaymentsStandIn } from '../server/test/payments-stand-in';
import { type ProviderStandIn, smsProviderEnv, startProviderStandIn } from '../server/test/provider-stand-in';
import { freePort, startServer } from './server-process';

const CALLBACK_KEY = 'e2e-callback-key-0123456789';
/** How often the server sends its queued SMS (the default 2 s would only slow the test). */
const OUTBOUND_POLL_MS = 200;
/** How long after a message the test waits to be sure no other part of it follows. */
const QUIET_MS = 4 * OUTBOUND_POLL_MS + 1000;

export interface SmsServer {
  url: string;
  stand: ProviderStandIn;
  /** Sends an SMS from `from` and returns what is sent back to that number (every part of it, joined). */
  exchange(from: string, text: string): Promise<string>;
  /** Waits for an SMS to `to` containing `text`; returns it (taken off the stand-in's record with the others to `to`). */
  awaitSms(to: string, text: string): Promise<string>;
  close(): Promise<void>;
}

export async function startSmsServer(options: { demo: boolean }): Promise<SmsServer> {
  const stand = await startProviderStandIn();
  const payments = await startPaymentsStandIn();
  const dataDir = mkdtempSync(join(tmpdir(), 'terroir-e2e-sms-'));
  const release = async () => {
    await stand.close();
    await payments.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const port = await freePort();
  const server = await startServer({
    dataDir,
    webDist: inject('webDist'),
    port,
    env: {
      DEMO_DATA: String(options.demo),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      OUTBOUND_POLL_MS: String(OUTBOUND_POLL_MS),
      ...smsProviderEnv(stand, CALLBACK_KEY),
      ...momoEnv(payments),
      ...orangeEnv(payments),
    },
  }).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  const take = (to: string) => {
    const mine = stand.sms.filter((m) => m.form.to === to);
    stand.sms.splice(0, stand.sms.length, ...stand.sms.filter((m) => m.form.to !== to));
    return mine.map((m) => m.form.message ?? '');
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  let received = 0;
  return {
    url: server.url,
    stand,
    async exchange(from, text) {
      received += 1;
      const res = await fetch(`${server.url}/api/channels/sms/inbound?key=${CALLBACK_KEY}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          from,
          to: '1234',
          text,
          date: new Date().toISOString().slice(0, 19).replace('T', ' '),
          id: `ATXid_e2e_calendar_${received}`,
          linkId: `l${received}`,
        }).toString(),
      });
      expect(res.status).toBe(200);
      const replies: string[] = [];
      await expect
        .poll(
          () => {
            replies.push(...take(from));
            return replies.length;
          },
          { timeout: 15_000 },
        )
        .toBeGreaterThan(0);
      await settle();
      replies.push(...take(from));
      return replies.join('\n');
    },
    async awaitSms(to, text) {
      let found = '';
      await expect
        .poll(
          () => {
            found = take(to).find((message) => message.includes(text)) ?? found;
            return found;
          },
          { timeout: 30_000, interval: 250 },
        )
        .toContain(text);
      // Its other parts, if any, arrive with it: none may be left to be read as the answer to what comes next.
      await settle();
      take(to);
      return found;
    },
    async close() {
      await server.stop();
      await release();
    },
  };
}
