// The phone simulator's MoMo wallet: a request to pay for the simulated phone is shown as a handset shows it and
// waits for 1 (approve) or 2 (reject); one for another number is not its business; --wallet answers by itself.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { STAND_IN_MOMO } from '../server/test/payments-stand-in';
import { promptText, startWallet, type Wallet, walletAnswerOf } from './phone-wallet';

const PHONE = '+237670000001';

/** A free port on 127.0.0.1, as the simulator's --wallet-port would be. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What the server's MTN adapter does: a token, then a request to pay; a status question on its reference. */
async function requestToPay(port: number, partyId: string, amount = '180000') {
  const keys = STAND_IN_MOMO.collection;
  const base = `http://127.0.0.1:${port}/collection`;
  const token = await fetch(`${base}/token/`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${keys.userId}:${keys.apiKey}`).toString('base64')}`,
      'Ocp-Apim-Subscription-Key': keys.subscriptionKey,
    },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const reference = randomUUID();
  const res = await fetch(`${base}/v1_0/requesttopay`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${access_token}`,
      'X-Reference-Id': reference,
      'X-Target-Environment': 'sandbox',
      'Ocp-Apim-Subscription-Key': keys.subscriptionKey,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      amount,
      currency: 'XAF',
      externalId: 'order-243',
      payer: { partyIdType: 'MSISDN', partyId },
      payerMessage: 'Terroir order 243',
      payeeNote: 'Terroir order 243',
    }),
  });
  expect(res.status).toBe(202);
  const status = async () => {
    const asked = await fetch(`${base}/v1_0/requesttopay/${reference}`, {
      headers: {
        Authorization: `Bearer ${access_token}`,
        'X-Target-Environment': 'sandbox',
        'Ocp-Apim-Subscription-Key': keys.subscriptionKey,
      },
    });
    return ((await asked.json()) as { status: string }).status;
  };
  return { reference, status };
}

let wallet: Wallet | null = null;
afterEach(async () => {
  await wallet?.close();
  wallet = null;
});

describe('the simulator wallet', () => {
  it('reads 1 and 2 only (YES and NO are the bot’s words)', () => {
    expect(walletAnswerOf(' 1 ')).toBe('approve');
    expect(walletAnswerOf('2')).toBe('reject');
    for (const other of ['yes', 'no', 'YES 1234', '12', '']) {
      expect(walletAnswerOf(other), other).toBeNull();
    }
  });

  it('shows a prompt to this phone and waits; approving it pays, and the server is pointed at it', async () => {
    const port = await freePort();
    const lines: string[] = [];
    wallet = await startWallet({ port, phone: PHONE, show: (line) => lines.push(line), auto: null });
    expect(wallet.env).toContain(`MOMO_BASE_URL=http://127.0.0.1:${port}`);
    expect(wallet.env).toContain('MOMO_COLLECTION_SUBSCRIPTION_KEY=');

    await requestToPay(port, '237699000000');
    expect(wallet.waiting()).toEqual([]);
    const { reference, status } = await requestToPay(port, PHONE.slice(1));
    expect(lines).toEqual([
      '← MTN MoMo: approve payment of 180000 XAF to Terroir? 1 approve / 2 reject (Terroir order 243)',
    ]);
    const [prompt] = wallet.waiting();
    expect(prompt).toMatchObject({ reference, amount: '180000', currency: 'XAF' });
    expect(promptText(prompt as NonNullable<typeof prompt>)).toContain('180000 XAF');
    // Pending at MTN until answered, however often the server asks (a payer who has not approved yet).
    expect(await status()).toBe('PENDING');
    expect(await status()).toBe('PENDING');

    expect(wallet.answer(prompt as NonNullable<typeof prompt>, 'approve')).toMatch(
      /^→ MTN MoMo: you approved/,
    );
    expect(wallet.waiting()).toEqual([]);
    expect(await status()).toBe('SUCCESSFUL');
    expect(wallet.answer(prompt as NonNullable<typeof prompt>, 'reject')).toMatch(/no longer waiting/);
  });

  it('answers by itself with --wallet reject', async () => {
    const port = await freePort();
    const lines: string[] = [];
    wallet = await startWallet({ port, phone: PHONE, show: (line) => lines.push(line), auto: 'reject' });
    const { status } = await requestToPay(port, PHONE.slice(1));
    await expect.poll(() => lines.at(-1), { timeout: 3_000 }).toMatch(/^→ MTN MoMo: you rejected 180000 XAF/);
    expect(wallet.waiting()).toEqual([]);
    expect(await status()).toBe('FAILED');
  });
});
